/*
 * JNI wrapper of the reference Argon2 (phc-winner-argon2/, vendored unchanged) for
 * dev.pressroom.auth.password.NativeArgon2: one Argon2id hash (version 0x13) per call, on the calling thread.
 *
 * The reference's memory filling, fill_segment(), is compiled three times by build.sh under other names: opt.c for
 * AVX-512F and for AVX2, ref.c in portable C (aarch64, older x86). The fill_segment() below picks the fastest the
 * CPU has at run time under the caller's ceiling, so the library runs on any CPU of its architecture and the tests
 * can force each one. All give the same blocks.
 *
 * Rules that keep it safe and native-image friendly: no callbacks into Java and no exceptions thrown from C (errors
 * are the reference's return codes, the Java side throws); nothing is printed; the work area is the caller's (mmap'd
 * once by Java's pool and reused, its pages discarded when it has been idle) and the reference wipes it, and every
 * copy of the inputs is wiped, before hash() returns.
 */
#define _DEFAULT_SOURCE /* explicit_bzero */
#include <jni.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "argon2.h"
#include "core.h"

typedef void (*fill_segment_fn)(const argon2_instance_t *instance, argon2_position_t position);

void pressroom_fill_segment_ref(const argon2_instance_t *instance, argon2_position_t position);
#if defined(__x86_64__)
void pressroom_fill_segment_avx512f(const argon2_instance_t *instance, argon2_position_t position);
void pressroom_fill_segment_avx2(const argon2_instance_t *instance, argon2_position_t position);
#endif

/* The ordinals of NativeArgon2.Ceiling: the most the filling may use. */
enum ceiling { ANY, AVX2, PORTABLE };

typedef struct {
    const char *name;
    fill_segment_fn fill;
} path;

static path fastest(int ceiling) {
#if defined(__x86_64__)
    __builtin_cpu_init();
    if (ceiling <= ANY && __builtin_cpu_supports("avx512f")) {
        return (path) {"AVX-512F", pressroom_fill_segment_avx512f};
    }
    if (ceiling <= AVX2 && __builtin_cpu_supports("avx2")) {
        return (path) {"AVX2", pressroom_fill_segment_avx2};
    }
#else
    (void) ceiling;
#endif
    return (path) {"portable C", pressroom_fill_segment_ref};
}

/*
 * The hash running on this thread. The reference calls fill_segment() and the memory callbacks without a pointer of
 * ours, and fills on the calling thread (build.sh defines ARGON2_NO_THREADS), so the thread finds its hash here.
 */
typedef struct {
    fill_segment_fn fill;
    uint8_t *area;
    size_t area_bytes;
} job;

static __thread job *current;

/* Called by the reference's core.c for each segment. */
void fill_segment(const argon2_instance_t *instance, argon2_position_t position) {
    current->fill(instance, position);
}

/* The caller's work area when it is large enough, else memory for this hash only (older, larger parameters). */
static int take_memory(uint8_t **memory, size_t bytes) {
    *memory = bytes <= current->area_bytes ? current->area : malloc(bytes);
    return *memory == NULL ? ARGON2_MEMORY_ALLOCATION_ERROR : ARGON2_OK;
}

/* The reference has wiped the memory (clear_internal_memory) before it gives it back. */
static void give_back_memory(uint8_t *memory, size_t bytes) {
    (void) bytes;
    if (memory != current->area) {
        free(memory);
    }
}

JNIEXPORT jlong JNICALL Java_dev_pressroom_auth_password_NativeArgon2_allocate(JNIEnv *env, jclass cls, jlong bytes) {
    (void) env;
    (void) cls;
    void *area = mmap(NULL, (size_t) bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    return area == MAP_FAILED ? 0 : (jlong) (uintptr_t) area;
}

JNIEXPORT void JNICALL Java_dev_pressroom_auth_password_NativeArgon2_release(JNIEnv *env, jclass cls, jlong area,
                                                                          jlong bytes) {
    (void) env;
    (void) cls;
    munmap((void *) (uintptr_t) area, (size_t) bytes);
}

/* The area's pages go back to the system; the mapping stays, and its next use faults in zeroed pages. */
JNIEXPORT void JNICALL Java_dev_pressroom_auth_password_NativeArgon2_discard(JNIEnv *env, jclass cls, jlong area,
                                                                          jlong bytes) {
    (void) env;
    (void) cls;
    madvise((void *) (uintptr_t) area, (size_t) bytes, MADV_DONTNEED);
}

JNIEXPORT jstring JNICALL Java_dev_pressroom_auth_password_NativeArgon2_fastestPath(JNIEnv *env, jclass cls,
                                                                                 jint ceiling) {
    (void) cls;
    return (*env)->NewStringUTF(env, fastest(ceiling).name);
}

JNIEXPORT jstring JNICALL Java_dev_pressroom_auth_password_NativeArgon2_errorMessage(JNIEnv *env, jclass cls,
                                                                                  jint code) {
    (void) cls;
    return (*env)->NewStringUTF(env, argon2_error_message(code));
}

JNIEXPORT jint JNICALL Java_dev_pressroom_auth_password_NativeArgon2_hash(
        JNIEnv *env, jclass cls, jlong area, jlong area_bytes, jbyteArray password, jbyteArray salt, jbyteArray secret,
        jbyteArray ad, jint memory_kib, jint passes, jint lanes, jint ceiling, jbyteArray tag) {
    (void) cls;
    if (memory_kib < 0 || passes < 1 || lanes < 1 || area_bytes < 0) {
        return ARGON2_INCORRECT_PARAMETER;
    }
    jsize lengths[] = {(*env)->GetArrayLength(env, password), (*env)->GetArrayLength(env, salt),
                       (*env)->GetArrayLength(env, secret), (*env)->GetArrayLength(env, ad),
                       (*env)->GetArrayLength(env, tag)};
    size_t total = 1; /* never malloc(0) */
    for (int i = 0; i < 5; i++) {
        total += (size_t) lengths[i];
    }
    /* One buffer for the copies of the inputs and the tag, wiped before it is freed. */
    uint8_t *copies = malloc(total);
    if (copies == NULL) {
        return ARGON2_MEMORY_ALLOCATION_ERROR;
    }
    uint8_t *pwd = copies;
    uint8_t *salt_copy = pwd + lengths[0];
    uint8_t *secret_copy = salt_copy + lengths[1];
    uint8_t *ad_copy = secret_copy + lengths[2];
    uint8_t *out = ad_copy + lengths[3];
    (*env)->GetByteArrayRegion(env, password, 0, lengths[0], (jbyte *) pwd);
    (*env)->GetByteArrayRegion(env, salt, 0, lengths[1], (jbyte *) salt_copy);
    (*env)->GetByteArrayRegion(env, secret, 0, lengths[2], (jbyte *) secret_copy);
    (*env)->GetByteArrayRegion(env, ad, 0, lengths[3], (jbyte *) ad_copy);

    argon2_context context = {
        .out = out, .outlen = (uint32_t) lengths[4],
        .pwd = pwd, .pwdlen = (uint32_t) lengths[0],
        .salt = salt_copy, .saltlen = (uint32_t) lengths[1],
        .secret = secret_copy, .secretlen = (uint32_t) lengths[2],
        .ad = ad_copy, .adlen = (uint32_t) lengths[3],
        .t_cost = (uint32_t) passes, .m_cost = (uint32_t) memory_kib,
        .lanes = (uint32_t) lanes, .threads = 1,
        .version = ARGON2_VERSION_13,
        .allocate_cbk = take_memory, .free_cbk = give_back_memory,
        .flags = ARGON2_FLAG_CLEAR_PASSWORD | ARGON2_FLAG_CLEAR_SECRET,
    };
    job this_hash = {fastest(ceiling).fill, (uint8_t *) (uintptr_t) area, (size_t) area_bytes};
    current = &this_hash;
    int result = argon2_ctx(&context, Argon2_id);
    current = NULL;
    if (result == ARGON2_OK) {
        (*env)->SetByteArrayRegion(env, tag, 0, lengths[4], (const jbyte *) out);
    }
    explicit_bzero(copies, total);
    free(copies);
    return result;
}
