#!/usr/bin/env bash
# Compiles the service's two JNI libraries into <classes>/native/linux-<arch>/, so they ship in the jar and the
# native image. Called by Maven (auth-service/pom.xml) with the JDK home and the classes directory.
#   libpressroom_rs256.so   RS256 signatures by OpenSSL 3's libcrypto (needs its headers: libssl-dev / openssl-devel)
#   libpressroom_argon2.so  Argon2id by the reference C (phc-winner-argon2/), AVX-512F, AVX2 or portable C
#                           memory filling chosen at run time (needs only gcc and libc)
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
  # The source (with any file named after it) and this script.
  if newer_than_all "$lib" "${src%.c}"* "${BASH_SOURCE[0]}"; then
    return 0
  fi
  gcc -O2 -shared -fPIC -fvisibility=hidden -Wall -Wextra -Werror -Wl,-z,relro,-z,now -Wl,--as-needed \
    -I"$JDK_HOME/include" -I"$JDK_HOME/include/linux" -o "$lib" "$src" "$@"
}

# Argon2id: the vendored reference sources unchanged, with the wrapper pressroom_argon2.c. The reference's memory
# filling (fill_segment) is compiled once per instruction set under its own name and the wrapper picks one at run
# time, so the library runs on any CPU of the architecture: opt.c with -mavx512f and with -mavx2 on x86_64, ref.c
# (portable C) everywhere. Without SSSE3's byte shuffles opt.c (7168 KiB, t=5: 24-33 ms) was slower than ref.c
# (19-22 ms); AVX2 took 8-15 ms and AVX-512F 6-9 ms in the same runs (2026-11-24, this machine, a loaded host).
# -O3 as before; ARGON2_NO_THREADS: each hash fills on its own thread, the service's hashing pool gives the
# parallelism.
build_argon2() {
  local lib="$OUT/libpressroom_argon2.so" ref="$SRC_DIR/phc-winner-argon2"
  local -a vendored
  mapfile -t vendored < <(find "$ref" -type f)
  if newer_than_all "$lib" "$SRC_DIR/pressroom_argon2.c" "${vendored[@]}" "${BASH_SOURCE[0]}"; then
    return 0
  fi
  local objects
  objects="$(mktemp -d)"
  # The vendored files are compiled as published, so without -Werror: a newer gcc's warning must not fail the build.
  local -a common=(-O3 -fPIC -fvisibility=hidden -DARGON2_NO_THREADS -I"$ref/include" -I"$ref/src")
  gcc "${common[@]}" -Dfill_segment=pressroom_fill_segment_ref -c -o "$objects/ref.o" "$ref/src/ref.c"
  if [ "$ARCH" = x86_64 ]; then
    gcc "${common[@]}" -mavx2 -Dfill_segment=pressroom_fill_segment_avx2 -c -o "$objects/avx2.o" "$ref/src/opt.c"
    gcc "${common[@]}" -mavx512f -Dfill_segment=pressroom_fill_segment_avx512f -c -o "$objects/avx512f.o" \
      "$ref/src/opt.c"
  fi
  for source in argon2.c core.c encoding.c blake2/blake2b.c; do
    gcc "${common[@]}" -c -o "$objects/$(basename "$source" .c).o" "$ref/src/$source"
  done
  gcc "${common[@]}" -Wall -Wextra -Werror -I"$JDK_HOME/include" -I"$JDK_HOME/include/linux" \
    -c -o "$objects/pressroom_argon2.o" "$SRC_DIR/pressroom_argon2.c"
  gcc -shared -Wl,-z,relro,-z,now -Wl,--as-needed -o "$lib" "$objects"/*.o
  rm -rf "$objects"
}
build_argon2

if echo '#include <openssl/evp.h>
#if OPENSSL_VERSION_MAJOR < 3
#error OpenSSL 3 needed
#endif' | gcc -E -x c - >/dev/null 2>&1; then
  # libcrypto is linked by its soname (libcrypto.so.3), which every OpenSSL 3 runtime provides.
  compile libpressroom_rs256.so pressroom_rs256.c -lcrypto
else
  skip_rs256 "no OpenSSL 3 headers (libssl-dev / openssl-devel)"
fi
