#!/usr/bin/env bash
# Compiles libpressroom_rs256.so (the OpenSSL RS256 signer) into <classes>/native/linux-<arch>/, so it ships in the
# jar and the native image. Called by Maven (auth-service/pom.xml) with the JDK home and the classes directory.
# Without gcc, the JNI headers or OpenSSL 3's headers it warns and skips: the service then signs with the JDK.
# A compile error with everything present fails the build.
set -euo pipefail

JDK_HOME="$1"
CLASSES="$2"
SRC="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/pressroom_rs256.c"

# Beside the classes, not in them: the tests read it to tell a skipped build from a library that went missing.
SKIPPED="$CLASSES/../rs256-skipped.txt"
rm -f "$SKIPPED"

skip() {
  echo "[WARNING] auth-service: $1; not building the OpenSSL RS256 signer (the service will sign with the JDK)" >&2
  echo "$1" >"$SKIPPED"
  exit 0
}

[ "$(uname -s)" = Linux ] || skip "not Linux"
case "$(uname -m)" in
  x86_64 | amd64) ARCH=x86_64 ;;
  aarch64 | arm64) ARCH=aarch64 ;;
  *) skip "unsupported architecture $(uname -m)" ;;
esac
command -v gcc >/dev/null 2>&1 || skip "no gcc"
[ -f "$JDK_HOME/include/jni.h" ] || skip "no JNI headers in $JDK_HOME/include"
echo '#include <openssl/evp.h>
#if OPENSSL_VERSION_MAJOR < 3
#error OpenSSL 3 needed
#endif' | gcc -E -x c - >/dev/null 2>&1 || skip "no OpenSSL 3 headers (libssl-dev / openssl-devel)"

OUT="$CLASSES/native/linux-$ARCH"
LIB="$OUT/libpressroom_rs256.so"
mkdir -p "$OUT"
if [ "$LIB" -nt "$SRC" ] && [ "$LIB" -nt "${BASH_SOURCE[0]}" ]; then
  exit 0
fi
# libcrypto is linked by its soname (libcrypto.so.3), which every OpenSSL 3 runtime provides.
gcc -O2 -shared -fPIC -fvisibility=hidden -Wall -Wextra -Werror -Wl,-z,relro,-z,now -Wl,--as-needed \
  -I"$JDK_HOME/include" -I"$JDK_HOME/include/linux" -o "$LIB" "$SRC" -lcrypto
