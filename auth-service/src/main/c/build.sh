#!/usr/bin/env bash
# Compiles the service's two JNI libraries into <classes>/native/linux-<arch>/, so they ship in the jar and the
# native image. Called by Maven (auth-service/pom.xml) with the JDK home and the classes directory.
#   libpressroom_rs256.so   RS256 signatures by OpenSSL 3's libcrypto (needs its headers: libssl-dev / openssl-devel)
#   libpressroom_argon2.so  Argon2id's memory filling, AVX-512VL, AVX2 or portable C (needs only gcc and libc)
# Each library the machine cannot build is skipped with a warning and a record of why (the service then signs with
# the JDK, or hashes in Java). A compile error with everything present fails the build.
set -euo pipefail

JDK_HOME="$1"
CLASSES="$2"
SRC_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

# Beside the classes, not in them: the tests read them to tell a skipped build from a library that went missing.
RS256_SKIPPED="$CLASSES/../rs256-skipped.txt"
ARGON2_SKIPPED="$CLASSES/../argon2-skipped.txt"
rm -f "$RS256_SKIPPED" "$ARGON2_SKIPPED"

skip() { # record what-is-not-built what-the-service-does-instead reason
  echo "[WARNING] auth-service: $4; not building $2 (the service will $3)" >&2
  echo "$4" >"$1"
}
skip_rs256() { skip "$RS256_SKIPPED" "the OpenSSL RS256 signer" "sign with the JDK" "$1"; }
skip_argon2() { skip "$ARGON2_SKIPPED" "the native Argon2id" "hash in Java" "$1"; }
skip_both() { skip_rs256 "$1"; skip_argon2 "$1"; exit 0; }

[ "$(uname -s)" = Linux ] || skip_both "not Linux"
case "$(uname -m)" in
  x86_64 | amd64) ARCH=x86_64 ;;
  aarch64 | arm64) ARCH=aarch64 ;;
  *) skip_both "unsupported architecture $(uname -m)" ;;
esac
command -v gcc >/dev/null 2>&1 || skip_both "no gcc"
[ -f "$JDK_HOME/include/jni.h" ] || skip_both "no JNI headers in $JDK_HOME/include"

OUT="$CLASSES/native/linux-$ARCH"
mkdir -p "$OUT"

newer_than_all() { # file others...
  local file="$1" other
  shift
  for other in "$@"; do [ "$file" -nt "$other" ] || return 1; done
}

compile() { # library source extra-gcc-arguments...
  local lib="$OUT/$1" src="$SRC_DIR/$2"
  shift 2
  # The source with the files it includes (named after it: pressroom_argon2_g256.h) and this script.
  if newer_than_all "$lib" "${src%.c}"* "${BASH_SOURCE[0]}"; then
    return 0
  fi
  gcc -O2 -shared -fPIC -fvisibility=hidden -Wall -Wextra -Werror -Wl,-z,relro,-z,now -Wl,--as-needed \
    -I"$JDK_HOME/include" -I"$JDK_HOME/include/linux" -o "$lib" "$src" "$@"
}

# Argon2id: the AVX-512VL and AVX2 code is compiled for those instruction sets function by function and chosen at
# run time, so the library runs on any CPU of the architecture. -O3, not -O2: m=7 MiB, t=5 took 14 instead of 20 ms with AVX2, 24 instead of 38 ms
# in portable C (2026-11-21, this machine).
compile libpressroom_argon2.so pressroom_argon2.c -O3

if echo '#include <openssl/evp.h>
#if OPENSSL_VERSION_MAJOR < 3
#error OpenSSL 3 needed
#endif' | gcc -E -x c - >/dev/null 2>&1; then
  # libcrypto is linked by its soname (libcrypto.so.3), which every OpenSSL 3 runtime provides.
  compile libpressroom_rs256.so pressroom_rs256.c -lcrypto
else
  skip_rs256 "no OpenSSL 3 headers (libssl-dev / openssl-devel)"
fi
