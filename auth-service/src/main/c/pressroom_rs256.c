/*
 * RS256 (RSASSA-PKCS1-v1_5 with SHA-256, RFC 7518 §3.3) over OpenSSL 3's libcrypto, for
 * dev.pressroom.auth.token.OpenSslRsaSigner. The JDK's BigInteger RSA costs about four times as much per signature.
 *
 * Rules that keep it safe and native-image friendly:
 * - no callbacks into Java and no exceptions thrown from C: errors are 0 / NULL, the Java side throws;
 * - a key is an EVP_PKEY shared by every thread (read-only once loaded); each signature gets its own context;
 * - key bytes are copied out of the Java array, parsed, and the copy is wiped; nothing is ever printed.
 */
#include <jni.h>
#include <stdint.h>
#include <stdlib.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/rsa.h>
#include <openssl/x509.h>

/* PKCS#8 PrivateKeyInfo DER -> EVP_PKEY handle, or 0 when it is not an RSA private key. */
JNIEXPORT jlong JNICALL Java_dev_pressroom_auth_token_OpenSsl_loadKey(JNIEnv *env, jclass cls, jbyteArray pkcs8) {
    (void) cls;
    jsize length = (*env)->GetArrayLength(env, pkcs8);
    unsigned char *der = OPENSSL_malloc(length > 0 ? (size_t) length : 1);
    if (der == NULL) {
        return 0;
    }
    (*env)->GetByteArrayRegion(env, pkcs8, 0, length, (jbyte *) der);
    const unsigned char *p = der;
    PKCS8_PRIV_KEY_INFO *info = d2i_PKCS8_PRIV_KEY_INFO(NULL, &p, length);
    EVP_PKEY *key = info == NULL ? NULL : EVP_PKCS82PKEY(info);
    PKCS8_PRIV_KEY_INFO_free(info);
    OPENSSL_clear_free(der, (size_t) length);
    if (key != NULL && EVP_PKEY_get_base_id(key) != EVP_PKEY_RSA) {
        EVP_PKEY_free(key);
        key = NULL;
    }
    ERR_clear_error();
    return (jlong) (intptr_t) key;
}

/* SHA-256 + PKCS#1 v1.5 signature of data, or NULL on any error. */
JNIEXPORT jbyteArray JNICALL Java_dev_pressroom_auth_token_OpenSsl_sign(JNIEnv *env, jclass cls, jlong handle,
                                                                       jbyteArray data) {
    (void) cls;
    EVP_PKEY *key = (EVP_PKEY *) (intptr_t) handle;
    jsize length = (*env)->GetArrayLength(env, data);
    unsigned char *input = malloc(length > 0 ? (size_t) length : 1);
    size_t size = (size_t) EVP_PKEY_get_size(key);
    unsigned char *signature = malloc(size);
    EVP_MD_CTX *ctx = EVP_MD_CTX_new();
    EVP_PKEY_CTX *pctx = NULL;
    jbyteArray result = NULL;
    if (input != NULL && signature != NULL && ctx != NULL) {
        (*env)->GetByteArrayRegion(env, data, 0, length, (jbyte *) input);
        if (EVP_DigestSignInit(ctx, &pctx, EVP_sha256(), NULL, key) == 1
                && EVP_PKEY_CTX_set_rsa_padding(pctx, RSA_PKCS1_PADDING) == 1
                && EVP_DigestSign(ctx, signature, &size, input, (size_t) length) == 1) {
            result = (*env)->NewByteArray(env, (jsize) size);
            if (result != NULL) {
                (*env)->SetByteArrayRegion(env, result, 0, (jsize) size, (jbyte *) signature);
            }
        }
    }
    EVP_MD_CTX_free(ctx);
    free(signature);
    free(input);
    ERR_clear_error();
    return result;
}

/* The libcrypto in use, for the startup log line. */
JNIEXPORT jstring JNICALL Java_dev_pressroom_auth_token_OpenSsl_version(JNIEnv *env, jclass cls) {
    (void) cls;
    return (*env)->NewStringUTF(env, OpenSSL_version(OPENSSL_VERSION));
}

/* Frees the key; OpenSSL wipes its private components. */
JNIEXPORT void JNICALL Java_dev_pressroom_auth_token_OpenSsl_freeKey(JNIEnv *env, jclass cls, jlong handle) {
    (void) env;
    (void) cls;
    EVP_PKEY_free((EVP_PKEY *) (intptr_t) handle);
}
