/* SPDX-License-Identifier: Apache-2.0
 * Pressroom's minimal "libjvm" for test builds of native images (scripts/native.sh): the few functions of the JVM's
 * interface (jvm.h, as HotSpot documents them) that the JDK's static native libraries call and that the image's
 * runtime does not provide itself. Every definition is weak, so one the image defines in Java wins. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <jni.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define WEAK __attribute__((weak))

/* The image calls this once at start-up; nothing here keeps state that needs it. */
WEAK void initialize(void) {}

WEAK int jio_vsnprintf(char *str, size_t count, const char *fmt, va_list args) {
  if ((intptr_t)count <= 0) {
    return -1;
  }
  int result = vsnprintf(str, count, fmt, args);
  if (result < 0 || (size_t)result >= count) {
    str[count - 1] = '\0';
    return -1; /* HotSpot's contract: -1 when the output was truncated */
  }
  return result;
}

WEAK int jio_snprintf(char *str, size_t count, const char *fmt, ...) {
  va_list args;
  va_start(args, fmt);
  int result = jio_vsnprintf(str, count, fmt, args);
  va_end(args);
  return result;
}

WEAK int jio_vfprintf(FILE *f, const char *fmt, va_list args) { return vfprintf(f, fmt, args); }

WEAK int jio_fprintf(FILE *f, const char *fmt, ...) {
  va_list args;
  va_start(args, fmt);
  int result = vfprintf(f, fmt, args);
  va_end(args);
  return result;
}

WEAK jint JVM_ActiveProcessorCount(void) { return (jint)sysconf(_SC_NPROCESSORS_ONLN); }

WEAK jlong JVM_CurrentTimeMillis(JNIEnv *env, jclass ignored) {
  (void)env;
  (void)ignored;
  struct timespec ts;
  clock_gettime(CLOCK_REALTIME, &ts);
  return (jlong)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

WEAK jlong JVM_NanoTime(JNIEnv *env, jclass ignored) {
  (void)env;
  (void)ignored;
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (jlong)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/* Nanoseconds from offset_secs (epoch seconds) to now, or -1 when that does not fit in 2^32 seconds. */
WEAK jlong JVM_GetNanoTimeAdjustment(JNIEnv *env, jclass ignored, jlong offset_secs) {
  (void)env;
  (void)ignored;
  struct timespec ts;
  clock_gettime(CLOCK_REALTIME, &ts);
  jlong diff = (jlong)ts.tv_sec - offset_secs;
  if (diff >= ((jlong)1 << 32) || diff <= -((jlong)1 << 32)) {
    return -1;
  }
  return diff * 1000000000 + ts.tv_nsec;
}

WEAK char *JVM_NativePath(char *path) { return path; }

WEAK void *JVM_LoadLibrary(const char *name, jboolean throwException) {
  (void)throwException;
  return dlopen(name, RTLD_LAZY);
}

WEAK void JVM_UnloadLibrary(void *handle) { dlclose(handle); }

WEAK void *JVM_FindLibraryEntry(void *handle, const char *name) { return dlsym(handle, name); }

WEAK jboolean JVM_IsUseContainerSupport(void) { return JNI_FALSE; }

WEAK jboolean JVM_IsContainerized(void) { return JNI_FALSE; }

WEAK void JVM_BeforeHalt(void) {}

WEAK void JVM_Halt(jint code) { _exit(code); }

static const struct {
  const char *name;
  int number;
} signal_names[] = {
    {"HUP", SIGHUP},   {"INT", SIGINT},     {"QUIT", SIGQUIT}, {"ILL", SIGILL},   {"TRAP", SIGTRAP},
    {"ABRT", SIGABRT}, {"BUS", SIGBUS},     {"FPE", SIGFPE},   {"KILL", SIGKILL}, {"USR1", SIGUSR1},
    {"SEGV", SIGSEGV}, {"USR2", SIGUSR2},   {"PIPE", SIGPIPE}, {"ALRM", SIGALRM}, {"TERM", SIGTERM},
    {"CHLD", SIGCHLD}, {"CONT", SIGCONT},   {"STOP", SIGSTOP}, {"TSTP", SIGTSTP}, {"TTIN", SIGTTIN},
    {"TTOU", SIGTTOU}, {"URG", SIGURG},     {"XCPU", SIGXCPU}, {"XFSZ", SIGXFSZ}, {"VTALRM", SIGVTALRM},
    {"PROF", SIGPROF}, {"WINCH", SIGWINCH}, {"IO", SIGIO},     {"PWR", SIGPWR},   {"SYS", SIGSYS},
};

WEAK jint JVM_FindSignal(const char *name) {
  for (size_t i = 0; i < sizeof(signal_names) / sizeof(signal_names[0]); i++) {
    if (strcmp(name, signal_names[i].name) == 0) {
      return signal_names[i].number;
    }
  }
  return -1;
}

WEAK void *JVM_RegisterSignal(jint sig, void *handler) {
  struct sigaction action, old;
  memset(&action, 0, sizeof(action));
  action.sa_handler = (void (*)(int))handler;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESTART;
  if (sigaction(sig, &action, &old) != 0) {
    return (void *)-1;
  }
  return (void *)old.sa_handler;
}

WEAK jboolean JVM_RaiseSignal(jint sig) { return raise(sig) == 0 ? JNI_TRUE : JNI_FALSE; }

/* Raw monitors (libzip's zip cache): recursive mutexes, as HotSpot's are reentrant. */
WEAK void *JVM_RawMonitorCreate(void) {
  pthread_mutex_t *mutex = malloc(sizeof(pthread_mutex_t));
  pthread_mutexattr_t attributes;
  if (mutex == NULL) {
    return NULL;
  }
  pthread_mutexattr_init(&attributes);
  pthread_mutexattr_settype(&attributes, PTHREAD_MUTEX_RECURSIVE);
  pthread_mutex_init(mutex, &attributes);
  pthread_mutexattr_destroy(&attributes);
  return mutex;
}

WEAK void JVM_RawMonitorDestroy(void *monitor) {
  pthread_mutex_destroy(monitor);
  free(monitor);
}

WEAK jint JVM_RawMonitorEnter(void *monitor) { return pthread_mutex_lock(monitor) == 0 ? 0 : -1; }

WEAK void JVM_RawMonitorExit(void *monitor) { pthread_mutex_unlock(monitor); }

/* No JMM interface: the management library's JNI_OnLoad then reports "Unsupported Management version", and the image's
   own management support answers instead. */
WEAK void *JVM_GetManagement(jint version) {
  (void)version;
  return NULL;
}
