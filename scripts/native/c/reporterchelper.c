/* SPDX-License-Identifier: Apache-2.0
 * The builder's progress reporter asks the terminal's width and its own peak memory through this JNI library. */
#include <jni.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <unistd.h>

JNIEXPORT jint JNICALL Java_com_oracle_svm_hosted_ProgressReporterCHelper_getTerminalWindowColumns0(JNIEnv *env,
                                                                                                   jclass c) {
  (void)env;
  (void)c;
  struct winsize w;
  if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &w) == 0 && w.ws_col > 0) {
    return w.ws_col;
  }
  return -1;
}

JNIEXPORT jlong JNICALL Java_com_oracle_svm_hosted_ProgressReporterCHelper_getPeakRSS0(JNIEnv *env, jclass c) {
  (void)env;
  (void)c;
  struct rusage usage;
  if (getrusage(RUSAGE_SELF, &usage) == 0) {
    return (jlong)usage.ru_maxrss * 1024; /* kilobytes on Linux */
  }
  return -1;
}
