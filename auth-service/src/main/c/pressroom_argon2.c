/*
 * Argon2id's memory filling (RFC 9106 §3.2 steps 5-6, version 0x13) for dev.pressroom.auth.password.NativeArgon2:
 * given the first two blocks of each lane it fills every pass and returns the XOR of the lanes' last blocks. H0,
 * those first blocks and the final H' stay in Java (BLAKE2b); this is the memory-hard part, 99% of the time.
 *
 * Three compression functions G, the fastest the CPU has chosen at run time: AVX-512VL and AVX2 (four 64-bit words
 * per instruction, pressroom_argon2_g256.h) and portable C (aarch64, older x86). All give the same blocks; the
 * tests run each through a ceiling that forces the slower ones.
 *
 * Rules that keep it safe and native-image friendly: no callbacks into Java and no exceptions thrown from C (errors
 * are return codes, the Java side throws); nothing is printed; the work areas are mmap'd once by Java's pool and
 * reused, and every block derived from the password is wiped before fill() returns.
 */
#define _DEFAULT_SOURCE /* explicit_bzero */
#include <jni.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>

#define WORDS 128 /* a block is 1 KiB: 128 64-bit words */
#define SLICES 4
#define TYPE_ID 2 /* Argon2id */

typedef struct {
    _Alignas(64) uint64_t w[WORDS];
} block;

/*
 * G(X, Y) into out (RFC 9106 §3.5); XORed into out's old value when xor_out (passes after the first). R = X ^ Y and
 * the permuted Q live in the caller's scratch, which fill() wipes once at the end instead of after every block.
 */
typedef void (*compress_fn)(const block *x, const block *y, block *out, int xor_out, block scratch[2]);

static const block ZERO_BLOCK;

/* ---- portable C ---- */

static inline uint64_t rotr64(uint64_t x, unsigned n) {
    return x >> n | x << (64 - n);
}

/* BlaMka's multiply-add: x + y + 2 * lo32(x) * lo32(y) (RFC 9106 §3.6). */
static inline uint64_t bla_mka(uint64_t x, uint64_t y) {
    return x + y + 2 * (x & 0xFFFFFFFFu) * (y & 0xFFFFFFFFu);
}

/* GB (RFC 9106 §3.6) on four words of v. */
static inline void gb(uint64_t *v, int a, int b, int c, int d) {
    v[a] = bla_mka(v[a], v[b]);
    v[d] = rotr64(v[d] ^ v[a], 32);
    v[c] = bla_mka(v[c], v[d]);
    v[b] = rotr64(v[b] ^ v[c], 24);
    v[a] = bla_mka(v[a], v[b]);
    v[d] = rotr64(v[d] ^ v[a], 16);
    v[c] = bla_mka(v[c], v[d]);
    v[b] = rotr64(v[b] ^ v[c], 63);
}

/* P on the 16 words given by their indexes in q (eight 16-byte registers S0..S7 as v0..v15). */
static inline void permute(uint64_t *q, const int v[16]) {
    gb(q, v[0], v[4], v[8], v[12]);
    gb(q, v[1], v[5], v[9], v[13]);
    gb(q, v[2], v[6], v[10], v[14]);
    gb(q, v[3], v[7], v[11], v[15]);
    gb(q, v[0], v[5], v[10], v[15]);
    gb(q, v[1], v[6], v[11], v[12]);
    gb(q, v[2], v[7], v[8], v[13]);
    gb(q, v[3], v[4], v[9], v[14]);
}

static void compress_portable(const block *x, const block *y, block *out, int xor_out, block scratch[2]) {
    /* restrict: nothing else reaches the scratch, so the compiler may keep words in registers across stores. */
    block *restrict r = &scratch[0];
    block *restrict q = &scratch[1];
    for (int i = 0; i < WORDS; i++) {
        r->w[i] = x->w[i] ^ y->w[i];
        q->w[i] = r->w[i];
    }
    /* The block as an 8x8 grid of 16-byte registers: P on each row (16 consecutive words), then on each column
       (words 2c, 2c+1 of every row). */
    for (int row = 0; row < 8; row++) {
        int v[16];
        for (int i = 0; i < 16; i++) {
            v[i] = 16 * row + i;
        }
        permute(q->w, v);
    }
    for (int column = 0; column < 8; column++) {
        int v[16];
        for (int i = 0; i < 16; i++) {
            v[i] = 16 * (i / 2) + 2 * column + i % 2;
        }
        permute(q->w, v);
    }
    for (int i = 0; i < WORDS; i++) {
        uint64_t value = q->w[i] ^ r->w[i];
        out->w[i] = xor_out ? out->w[i] ^ value : value;
    }
}

/* ---- 256-bit registers: AVX2, and AVX-512VL (the same registers with a rotate instruction) ---- */

#if defined(__x86_64__)
#pragma GCC push_options
#pragma GCC target("avx2")
#include <immintrin.h>

static inline __m256i bla_mka4(__m256i x, __m256i y) {
    __m256i product = _mm256_mul_epu32(x, y); /* lo32(x) * lo32(y), per 64-bit word */
    return _mm256_add_epi64(_mm256_add_epi64(x, y), _mm256_add_epi64(product, product));
}

static inline __m256i rotr32(__m256i x) {
    return _mm256_shuffle_epi32(x, _MM_SHUFFLE(2, 3, 0, 1));
}

static inline __m256i rotr24(__m256i x) {
    const __m256i bytes = _mm256_setr_epi8(3, 4, 5, 6, 7, 0, 1, 2, 11, 12, 13, 14, 15, 8, 9, 10,
                                           3, 4, 5, 6, 7, 0, 1, 2, 11, 12, 13, 14, 15, 8, 9, 10);
    return _mm256_shuffle_epi8(x, bytes);
}

static inline __m256i rotr16(__m256i x) {
    const __m256i bytes = _mm256_setr_epi8(2, 3, 4, 5, 6, 7, 0, 1, 10, 11, 12, 13, 14, 15, 8, 9,
                                           2, 3, 4, 5, 6, 7, 0, 1, 10, 11, 12, 13, 14, 15, 8, 9);
    return _mm256_shuffle_epi8(x, bytes);
}

static inline __m256i rotr63(__m256i x) {
    return _mm256_or_si256(_mm256_srli_epi64(x, 63), _mm256_add_epi64(x, x));
}

/* The halves of two registers: (x.lo, y.lo) for half 0x20, (x.hi, y.hi) for 0x31. */
#define HALVES(x, y, which) _mm256_permute2x128_si256((x), (y), (which))

#define COMPRESS compress_avx2
#define GB4 gb4_avx2
#define PERMUTE4 permute4_avx2
#define ROTR24 rotr24
#define ROTR16 rotr16
#define ROTR63 rotr63
#include "pressroom_argon2_g256.h"
#pragma GCC pop_options

/* vprorq: each rotation one instruction instead of a byte shuffle or three (m=7 MiB, t=5: 12 instead of 13 ms). */
#pragma GCC push_options
#pragma GCC target("avx2,avx512f,avx512vl")
#define COMPRESS compress_avx512vl
#define GB4 gb4_avx512vl
#define PERMUTE4 permute4_avx512vl
#define ROTR24(x) _mm256_ror_epi64((x), 24)
#define ROTR16(x) _mm256_ror_epi64((x), 16)
#define ROTR63(x) _mm256_ror_epi64((x), 63)
#include "pressroom_argon2_g256.h"
#pragma GCC pop_options
#endif

/* The most a fill may use: everything the CPU has, AVX2 at most, or portable C (NativeArgon2.fill's ceiling). */
enum ceiling { ANY = 0, AVX2_AT_MOST = 1, PORTABLE = 2 };

typedef struct {
    compress_fn compress;
    const char *name;
} compressor;

/* The fastest G the CPU allows under the ceiling (checked at each call: a few instructions against milliseconds). */
static compressor fastest(int ceiling) {
#if defined(__x86_64__)
    __builtin_cpu_init();
    if (ceiling < AVX2_AT_MOST && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl")) {
        return (compressor) {compress_avx512vl, "AVX-512VL"};
    }
    if (ceiling < PORTABLE && __builtin_cpu_supports("avx2")) {
        return (compressor) {compress_avx2, "AVX2"};
    }
#else
    (void) ceiling;
#endif
    return (compressor) {compress_portable, "portable C"};
}

/* ---- filling (RFC 9106 §3.2 steps 5-6, §3.4) ---- */

typedef struct {
    block *memory;
    compress_fn compress;
    uint32_t lanes;
    uint32_t lane_length;
    uint32_t segment_length;
    uint32_t passes;
} fill_state;

/* A hash's blocks besides its memory; every one is wiped when the filling ends. */
typedef struct {
    block input;      /* the address generator's input (§3.4.1.2) */
    block address;    /* the current block of addresses */
    block scratch[2]; /* G's R and Q */
} work_blocks;

/* The next block of addresses: G(0, G(0, input)) with the input's counter raised (RFC 9106 §3.4.1.2). */
static void next_addresses(const fill_state *s, work_blocks *work) {
    work->input.w[6]++;
    s->compress(&ZERO_BLOCK, &work->input, &work->address, 0, work->scratch);
    s->compress(&ZERO_BLOCK, &work->address, &work->address, 0, work->scratch);
}

/* The reference block's column from J1 (RFC 9106 §3.4.2). */
static uint32_t reference_column(const fill_state *s, uint64_t pseudo_random, uint32_t pass, uint32_t slice,
                                 uint32_t index, int same_lane) {
    uint64_t start;
    uint64_t area_size;
    uint64_t done = (uint64_t) slice * s->segment_length;
    if (pass == 0) {
        start = 0;
        area_size = same_lane ? done + index - 1 : done - (index == 0 ? 1 : 0);
    } else {
        start = (uint64_t) (slice + 1) * s->segment_length % s->lane_length;
        area_size = same_lane ? (uint64_t) s->lane_length - s->segment_length + index - 1
                              : (uint64_t) s->lane_length - s->segment_length - (index == 0 ? 1 : 0);
    }
    uint64_t x = pseudo_random & 0xFFFFFFFFu;
    uint64_t y = x * x >> 32;
    uint64_t relative = area_size - 1 - (area_size * y >> 32);
    return (uint32_t) ((start + relative) % s->lane_length);
}

static void fill_segment(const fill_state *s, uint32_t pass, uint32_t slice, uint32_t lane, work_blocks *work) {
    /* Argon2id: data-independent addresses in the first half of the first pass, data-dependent after (§3.4.1.3). */
    int independent = pass == 0 && slice < 2;
    uint32_t first = pass == 0 && slice == 0 ? 2 : 0;
    if (independent) {
        block *input = &work->input;
        memset(input, 0, sizeof *input);
        input->w[0] = pass;
        input->w[1] = lane;
        input->w[2] = slice;
        input->w[3] = (uint64_t) s->lane_length * s->lanes;
        input->w[4] = s->passes;
        input->w[5] = TYPE_ID;
        if (first != 0) {
            next_addresses(s, work);
        }
    }
    block *lane_start = s->memory + (size_t) lane * s->lane_length;
    for (uint32_t index = first; index < s->segment_length; index++) {
        uint32_t column = slice * s->segment_length + index;
        block *current = lane_start + column;
        const block *previous = column == 0 ? lane_start + s->lane_length - 1 : current - 1;
        uint64_t pseudo_random;
        if (independent) {
            if (index % WORDS == 0) {
                next_addresses(s, work);
            }
            pseudo_random = work->address.w[index % WORDS];
        } else {
            pseudo_random = previous->w[0];
        }
        uint32_t ref_lane = pass == 0 && slice == 0 ? lane : (uint32_t) ((pseudo_random >> 32) % s->lanes);
        uint32_t ref_column = reference_column(s, pseudo_random, pass, slice, index, ref_lane == lane);
        const block *reference = s->memory + (size_t) ref_lane * s->lane_length + ref_column;
        /* Version 0x13: from the second pass on, the new block is XORed into the old one (§3.2 step 6). */
        s->compress(previous, reference, current, pass > 0, work->scratch);
    }
}

/* Lanes are filled one after the other within a slice: a lane only reads other lanes' finished slices (§3.4). */
static void fill(const fill_state *s) {
    work_blocks work;
    for (uint32_t pass = 0; pass < s->passes; pass++) {
        for (uint32_t slice = 0; slice < SLICES; slice++) {
            for (uint32_t lane = 0; lane < s->lanes; lane++) {
                fill_segment(s, pass, slice, lane, &work);
            }
        }
    }
    explicit_bzero(&work, sizeof work);
}

/* ---- JNI ---- */

/* A zeroed, page-aligned work area of the given size (kept by Java's pool and reused), or 0. */
JNIEXPORT jlong JNICALL Java_dev_pressroom_auth_password_NativeArgon2_allocate(JNIEnv *env, jclass cls, jlong bytes) {
    (void) env;
    (void) cls;
    void *area = mmap(NULL, (size_t) bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    return area == MAP_FAILED ? 0 : (jlong) (intptr_t) area;
}

JNIEXPORT void JNICALL Java_dev_pressroom_auth_password_NativeArgon2_release(JNIEnv *env, jclass cls, jlong area,
                                                                          jlong bytes) {
    (void) env;
    (void) cls;
    munmap((void *) (intptr_t) area, (size_t) bytes);
}

/* The compression function fill() uses under the ceiling, for the startup log line. */
JNIEXPORT jstring JNICALL Java_dev_pressroom_auth_password_NativeArgon2_fastestPath(JNIEnv *env, jclass cls,
                                                                                 jint ceiling) {
    (void) cls;
    return (*env)->NewStringUTF(env, fastest(ceiling).name);
}

/*
 * Fills lanes x lane_length blocks of the area (at least that big) from the first two blocks of each lane
 * (first_blocks: lane 0's B[0][0], B[0][1], then lane 1's...), writes the XOR of the lanes' last blocks into
 * last_block (128 words) and wipes the area. Returns 0, or -1 for arguments the Java side never passes.
 */
JNIEXPORT jint JNICALL Java_dev_pressroom_auth_password_NativeArgon2_fill(JNIEnv *env, jclass cls, jlong area,
                                                                       jlongArray first_blocks, jint lanes,
                                                                       jint lane_length, jint passes,
                                                                       jint ceiling, jlongArray last_block) {
    (void) cls;
    if (area == 0 || lanes < 1 || passes < 1 || lane_length < 2 * SLICES || lane_length % SLICES != 0
            || (*env)->GetArrayLength(env, first_blocks) != (jsize) lanes * 2 * WORDS
            || (*env)->GetArrayLength(env, last_block) != WORDS) {
        return -1;
    }
    fill_state s = {
        .memory = (block *) (intptr_t) area,
        .compress = fastest(ceiling).compress,
        .lanes = (uint32_t) lanes,
        .lane_length = (uint32_t) lane_length,
        .segment_length = (uint32_t) lane_length / SLICES,
        .passes = (uint32_t) passes,
    };
    for (jint lane = 0; lane < lanes; lane++) {
        (*env)->GetLongArrayRegion(env, first_blocks, lane * 2 * WORDS, 2 * WORDS,
                                   (jlong *) s.memory[(size_t) lane * s.lane_length].w);
    }
    fill(&s);
    block last = s.memory[s.lane_length - 1];
    for (uint32_t lane = 1; lane < s.lanes; lane++) {
        const block *other = &s.memory[(size_t) lane * s.lane_length + s.lane_length - 1];
        for (int i = 0; i < WORDS; i++) {
            last.w[i] ^= other->w[i];
        }
    }
    (*env)->SetLongArrayRegion(env, last_block, 0, WORDS, (const jlong *) last.w);
    explicit_bzero(&last, sizeof last);
    explicit_bzero(s.memory, (size_t) s.lanes * s.lane_length * sizeof(block));
    return 0;
}
