/* SPDX-License-Identifier: Apache-2.0
 * Pressroom's own minimal libchelper for test builds of native images (scripts/native.sh): the small C helpers the
 * image's runtime calls, written from their documented behaviour (CPU features by CPUID as Intel's and AMD's manuals
 * define the bits, thread ids and times from Linux, the locale from setlocale, a signal counter for sun.misc.Signal).
 * GraalVM's own library is not published on any registry this build can reach. */
#define _GNU_SOURCE
#include <cpuid.h>
#include <errno.h>
#include <fcntl.h>
#include <locale.h>
#include <semaphore.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "amd64cpufeatures.h"
#include "svm_locale.h"

extern char **environ;

char **getEnviron(void) { return environ; }

/* Windows' time-zone mapping; nothing to map on Linux. */
char *SVM_FindJavaTZmd(const char *tzMappings, int length) {
  (void)tzMappings;
  (void)length;
  return NULL;
}

/* ---- CPU features ---- */

static int bit(unsigned int reg, int n) { return (reg >> n) & 1; }

static unsigned long long xcr0(void) {
  unsigned int eax, edx;
  __asm__ volatile("xgetbv" : "=a"(eax), "=d"(edx) : "c"(0));
  return ((unsigned long long)edx << 32) | eax;
}

void determineCPUFeatures(CPUFeatures *f) {
  unsigned int eax, ebx, ecx, edx, max_leaf, max_ext;
  memset(f, 0, sizeof(*f));
  max_leaf = __get_cpuid_max(0, NULL);
  max_ext = __get_cpuid_max(0x80000000, NULL);
  if (max_leaf < 1) {
    return;
  }
  __cpuid(1, eax, ebx, ecx, edx);
  f->fTSC = bit(edx, 4);
  f->fCX8 = bit(edx, 8);
  f->fCMOV = bit(edx, 15);
  f->fFLUSH = bit(edx, 19);
  f->fMMX = bit(edx, 23);
  f->fFXSR = bit(edx, 24);
  f->fSSE = bit(edx, 25);
  f->fSSE2 = bit(edx, 26);
  f->fHT = bit(edx, 28);
  f->fSSE3 = bit(ecx, 0);
  f->fCLMUL = bit(ecx, 1);
  f->fSSSE3 = bit(ecx, 9);
  f->fSSE4_1 = bit(ecx, 19);
  f->fSSE4_2 = bit(ecx, 20);
  f->fPOPCNT = bit(ecx, 23);
  f->fAES = bit(ecx, 25);
  f->fHV = bit(ecx, 31);
  /* AVX needs the OS to save the YMM state (OSXSAVE and XCR0 bits 1-2), AVX-512 also the opmask and ZMM state. */
  int os_avx = bit(ecx, 27) && (xcr0() & 0x6) == 0x6;
  int os_avx512 = os_avx && (xcr0() & 0xE6) == 0xE6;
  if (os_avx) {
    f->fAVX = bit(ecx, 28);
    f->fFMA = bit(ecx, 12);
    f->fF16C = bit(ecx, 29);
    f->fVZEROUPPER = f->fAVX;
  }
  if (max_leaf >= 7) {
    unsigned int sub1_eax = 0, sub1_edx = 0;
    __cpuid_count(7, 0, eax, ebx, ecx, edx);
    f->fBMI1 = bit(ebx, 3);
    f->fBMI2 = bit(ebx, 8);
    f->fERMS = bit(ebx, 9);
    f->fRTM = bit(ebx, 11);
    f->fADX = bit(ebx, 19);
    f->fFLUSHOPT = bit(ebx, 23);
    f->fCLWB = bit(ebx, 24);
    f->fSHA = bit(ebx, 29);
    f->fPKU = bit(ecx, 3);
    f->fOSPKE = bit(ecx, 4);
    f->fCET_SS = bit(ecx, 7);
    f->fGFNI = bit(ecx, 8);
    f->fRDPID = bit(ecx, 22);
    f->fFSRM = bit(edx, 4);
    f->fSERIALIZE = bit(edx, 14);
    f->fCET_IBT = bit(edx, 20);
    if (os_avx) {
      f->fAVX2 = bit(ebx, 5);
    }
    if (os_avx512) {
      f->fAVX512F = bit(ebx, 16);
      f->fAVX512DQ = bit(ebx, 17);
      f->fAVX512_IFMA = bit(ebx, 21);
      f->fAVX512PF = bit(ebx, 26);
      f->fAVX512ER = bit(ebx, 27);
      f->fAVX512CD = bit(ebx, 28);
      f->fAVX512BW = bit(ebx, 30);
      f->fAVX512VL = bit(ebx, 31);
      f->fAVX512_VBMI = bit(ecx, 1);
      f->fAVX512_VBMI2 = bit(ecx, 6);
      f->fAVX512_VAES = bit(ecx, 9);
      f->fAVX512_VPCLMULQDQ = bit(ecx, 10);
      f->fAVX512_VNNI = bit(ecx, 11);
      f->fAVX512_BITALG = bit(ecx, 12);
      f->fAVX512_VPOPCNTDQ = bit(ecx, 14);
      f->fAVX512_FP16 = bit(edx, 23);
    }
    if (eax >= 1) {
      unsigned int b, c;
      __cpuid_count(7, 1, sub1_eax, b, c, sub1_edx);
      f->fSHA512 = os_avx && bit(sub1_eax, 0);
      f->fAVX_IFMA = os_avx && bit(sub1_eax, 23);
    }
  }
  if (max_ext >= 0x80000001) {
    __cpuid(0x80000001, eax, ebx, ecx, edx);
    f->fLZCNT = bit(ecx, 5);
    f->fSSE4A = bit(ecx, 6);
    f->fAMD_3DNOW_PREFETCH = bit(ecx, 8);
    f->fRDTSCP = bit(edx, 27);
  }
  if (max_ext >= 0x80000007) {
    __cpuid(0x80000007, eax, ebx, ecx, edx);
    f->fTSCINV_BIT = bit(edx, 8);
    f->fTSCINV = f->fTSCINV_BIT;
  }
}

/* 0 when this CPU has every feature the image was compiled for. The builder's mask covers the record rounded up to
 * 8 bytes: 0xFE at each required feature's byte, 0xFF elsewhere, so every byte ORed with this CPU's (1 for a feature
 * it has) must be 0xFF. */
int checkCPUFeatures(const unsigned char *buildtimeFeatureMask) {
  unsigned char have[(sizeof(CPUFeatures) + 7) / 8 * 8];
  memset(have, 0, sizeof(have));
  determineCPUFeatures((CPUFeatures *)have);
  for (size_t i = 0; i < sizeof(have); i++) {
    if ((unsigned char)(have[i] | buildtimeFeatureMask[i]) != 0xFF) {
      return -1;
    }
  }
  return 0;
}

int checkCPUFeaturesOrExit(const unsigned char *buildtimeFeatureMask, const char *errorMessage) {
  int result = checkCPUFeatures(buildtimeFeatureMask);
  if (result != 0) {
    fputs(errorMessage, stderr);
    fputc('\n', stderr);
    exit(1);
  }
  return result;
}

/* ---- Linux threads and memory ---- */

int getThreadId(void) { return (int)syscall(SYS_gettid); }

/* User-mode CPU time of a thread of this process, in nanoseconds, from /proc (utime is the 14th field). */
long getThreadUserTimeSlow(int tid) {
  char path[64], buffer[2048];
  snprintf(path, sizeof(path), "/proc/self/task/%d/stat", tid);
  FILE *file = fopen(path, "r");
  if (file == NULL) {
    return -1;
  }
  size_t n = fread(buffer, 1, sizeof(buffer) - 1, file);
  fclose(file);
  buffer[n] = '\0';
  char *s = strrchr(buffer, ')'); /* the command name may hold spaces and parentheses */
  if (s == NULL) {
    return -1;
  }
  unsigned long utime;
  /* after ')': state ppid pgrp session tty_nr tpgid flags minflt cminflt majflt cmajflt utime */
  if (sscanf(s + 1, " %*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %lu", &utime) != 1) {
    return -1;
  }
  long ticks = sysconf(_SC_CLK_TCK);
  return (long)(utime * (1000000000UL / (unsigned long)ticks));
}

void *mremapP(void *old_address, size_t old_size, size_t new_size, int flags, void *new_address) {
  return mremap(old_address, old_size, new_size, flags, new_address);
}

/* x86 keeps instruction and data caches coherent: nothing to flush. */
void codeSynchronization_clearCache(long codeStart, long codeSize) {
  __builtin___clear_cache((char *)codeStart, (char *)(codeStart + codeSize));
}

/* ---- locale: language, script, country, variant of LC_MESSAGES (display) and LC_CTYPE (format) ---- */

static svm_locale_props_t locale_props;

/* "ll_CC.codeset@modifier"; C and POSIX read as en_US, as the JDK does. */
static int parse_locale(int category, char **language, char **script, char **country, char **variant) {
  const char *name = setlocale(category, NULL);
  if (name == NULL || strcmp(name, "C") == 0 || strcmp(name, "POSIX") == 0) {
    name = "en_US";
  }
  char *copy = strdup(name);
  if (copy == NULL) {
    return -1;
  }
  char *modifier = strchr(copy, '@');
  if (modifier != NULL) {
    *modifier++ = '\0';
  }
  char *codeset = strchr(copy, '.');
  if (codeset != NULL) {
    *codeset = '\0';
  }
  char *territory = strchr(copy, '_');
  if (territory != NULL) {
    *territory++ = '\0';
  }
  *language = strdup(copy);
  *country = territory != NULL ? strdup(territory) : NULL;
  *script = NULL;
  *variant = modifier != NULL && strcmp(modifier, "euro") != 0 ? strdup(modifier) : NULL;
  free(copy);
  return *language == NULL ? -1 : 0;
}

int svm_initialize_locale(void) {
  setlocale(LC_ALL, "");
  svm_locale_props_t *p = &locale_props;
  if (parse_locale(LC_MESSAGES, &p->display_language, &p->display_script, &p->display_country,
                   &p->display_variant) != 0 ||
      parse_locale(LC_CTYPE, &p->format_language, &p->format_script, &p->format_country, &p->format_variant) != 0) {
    return SVM_LOCALE_INITIALIZATION_OUT_OF_MEMORY;
  }
  return SVM_LOCALE_INITIALIZATION_SUCCEEDED;
}

svm_locale_props_t *svm_get_locale(void) { return &locale_props; }

/* ---- sun.misc.Signal: the handler counts each signal and wakes the dispatching Java thread ---- */

static atomic_int pending_signals[NSIG];
static sem_t signal_semaphore;
static int signal_open;

int cSunMiscSignal_open(void) {
  if (signal_open) {
    return -1;
  }
  for (int i = 0; i < NSIG; i++) {
    atomic_store(&pending_signals[i], 0);
  }
  if (sem_init(&signal_semaphore, 0, 0) != 0) {
    return -1;
  }
  signal_open = 1;
  return 0;
}

int cSunMiscSignal_close(void) {
  if (!signal_open) {
    return -1;
  }
  signal_open = 0;
  return sem_destroy(&signal_semaphore);
}

int cSunMiscSignal_awaitSemaphore(void) {
  int result;
  do {
    result = sem_wait(&signal_semaphore);
  } while (result != 0 && errno == EINTR);
  return result;
}

int cSunMiscSignal_signalSemaphore(void) { return sem_post(&signal_semaphore); }

int cSunMiscSignal_signalRangeCheck(int signal) { return signal > 0 && signal < NSIG; }

/* A signal that arrived and was not handed out yet, or -1. */
int cSunMiscSignal_checkPendingSignal(void) {
  for (int i = 1; i < NSIG; i++) {
    int count = atomic_load(&pending_signals[i]);
    while (count > 0) {
      if (atomic_compare_exchange_weak(&pending_signals[i], &count, count - 1)) {
        return i;
      }
    }
  }
  return -1;
}

/* Async-signal-safe: an atomic increment and sem_post. */
static void count_signal(int signal) {
  if (cSunMiscSignal_signalRangeCheck(signal)) {
    int saved_errno = errno;
    atomic_fetch_add(&pending_signals[signal], 1);
    sem_post(&signal_semaphore);
    errno = saved_errno;
  }
}

void *cSunMiscSignal_signalHandlerFunctionPointer(void) { return (void *)count_signal; }

/* ---- fixed-arity wrappers: the image cannot call variadic C functions ---- */

int fprintfSD(FILE *stream, const char *format, const char *s, int d) { return fprintf(stream, format, s, d); }

int openSII(const char *path, int flags, int mode) { return open(path, flags, mode); }
