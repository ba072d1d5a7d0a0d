/* SPDX-License-Identifier: Apache-2.0
 * Native methods that the builder's JDK (Temurin 25.0.3) declares and Debian's static libraries (25.0.2) predate,
 * written from the methods' documented contract. */
#include <jni.h>
#include <stdio.h>
#include <unistd.h>

/* java.io.Console.ttyStatus(): which of stdin, stdout and stderr are terminals, as bits 0, 1 and 2. */
JNIEXPORT jint JNICALL Java_java_io_Console_ttyStatus(JNIEnv *env, jclass console) {
  (void)env;
  (void)console;
  jint status = 0;
  if (isatty(fileno(stdin))) {
    status |= 1;
  }
  if (isatty(fileno(stdout))) {
    status |= 2;
  }
  if (isatty(fileno(stderr))) {
    status |= 4;
  }
  return status;
}
