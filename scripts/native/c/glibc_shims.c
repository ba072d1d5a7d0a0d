/* SPDX-License-Identifier: Apache-2.0
 * Debian trixie's static JDK libraries were compiled against glibc 2.38, whose headers route scanf and strtol to
 * their C23 variants (__isoc23_*: the same, plus "0b" binary literals, which the JDK never parses). This machine's
 * glibc (2.36) has the classic functions only; these forward to them. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

int __isoc23_sscanf(const char *s, const char *format, ...) {
  va_list args;
  va_start(args, format);
  int n = vsscanf(s, format, args);
  va_end(args);
  return n;
}

int __isoc23_vsscanf(const char *s, const char *format, va_list args) { return vsscanf(s, format, args); }

int __isoc23_fscanf(FILE *stream, const char *format, ...) {
  va_list args;
  va_start(args, format);
  int n = vfscanf(stream, format, args);
  va_end(args);
  return n;
}

long __isoc23_strtol(const char *s, char **end, int base) { return strtol(s, end, base); }
unsigned long __isoc23_strtoul(const char *s, char **end, int base) { return strtoul(s, end, base); }
long long __isoc23_strtoll(const char *s, char **end, int base) { return strtoll(s, end, base); }
unsigned long long __isoc23_strtoull(const char *s, char **end, int base) { return strtoull(s, end, base); }
