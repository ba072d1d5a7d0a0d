/*
 * G (RFC 9106 §3.5) with four 64-bit words per instruction: a row or column of P in four 256-bit registers, GB on
 * four word quadruples at once. Included by pressroom_argon2.c once per instruction set, which defines COMPRESS,
 * GB4 and PERMUTE4 (the functions' names) and ROTR24, ROTR16 and ROTR63 (the rotations it has); undefined at the end.
 */

static inline void GB4(__m256i *a, __m256i *b, __m256i *c, __m256i *d) {
    *a = bla_mka4(*a, *b);
    *d = rotr32(_mm256_xor_si256(*d, *a));
    *c = bla_mka4(*c, *d);
    *b = ROTR24(_mm256_xor_si256(*b, *c));
    *a = bla_mka4(*a, *b);
    *d = ROTR16(_mm256_xor_si256(*d, *a));
    *c = bla_mka4(*c, *d);
    *b = ROTR63(_mm256_xor_si256(*b, *c));
}

/*
 * P with a = v0..v3, b = v4..v7, c = v8..v11, d = v12..v15: the four column GBs at once, then the diagonal ones
 * (v0,v5,v10,v15), (v1,v6,v11,v12), ... after turning b, c and d by one, two and three words, then back.
 */
static inline void PERMUTE4(__m256i *a, __m256i *b, __m256i *c, __m256i *d) {
    GB4(a, b, c, d);
    *b = _mm256_permute4x64_epi64(*b, _MM_SHUFFLE(0, 3, 2, 1));
    *c = _mm256_permute4x64_epi64(*c, _MM_SHUFFLE(1, 0, 3, 2));
    *d = _mm256_permute4x64_epi64(*d, _MM_SHUFFLE(2, 1, 0, 3));
    GB4(a, b, c, d);
    *b = _mm256_permute4x64_epi64(*b, _MM_SHUFFLE(2, 1, 0, 3));
    *c = _mm256_permute4x64_epi64(*c, _MM_SHUFFLE(1, 0, 3, 2));
    *d = _mm256_permute4x64_epi64(*d, _MM_SHUFFLE(0, 3, 2, 1));
}

static void COMPRESS(const block *x, const block *y, block *out, int xor_out, block scratch[2]) {
    /* Register k holds words 4k..4k+3, so row i (16 words) is registers 4i..4i+3. */
    __m256i *r = (__m256i *) scratch[0].w;
    __m256i *q = (__m256i *) scratch[1].w;
    for (int row = 0; row < 8; row++) {
        __m256i v[4];
        for (int i = 0; i < 4; i++) {
            int k = 4 * row + i;
            r[k] = _mm256_xor_si256(_mm256_load_si256((const __m256i *) x->w + k),
                                    _mm256_load_si256((const __m256i *) y->w + k));
            v[i] = r[k];
        }
        PERMUTE4(&v[0], &v[1], &v[2], &v[3]);
        for (int i = 0; i < 4; i++) {
            q[4 * row + i] = v[i];
        }
    }
    /* Columns 2j and 2j+1 take the low and the high halves of register j of every row: v0..v3 of column 2j are
       words 4j, 4j+1 of rows 0 and 1, i.e. the low halves of q[j] and q[4 + j]. The result, XORed with R, goes
       straight to out (which may be y: R holds all of y that is needed). */
    __m256i *target = (__m256i *) out->w;
    for (int j = 0; j < 4; j++) {
        __m256i even[4];
        __m256i odd[4];
        for (int pair = 0; pair < 4; pair++) {
            __m256i upper = q[8 * pair + j];
            __m256i lower = q[8 * pair + 4 + j];
            even[pair] = HALVES(upper, lower, 0x20);
            odd[pair] = HALVES(upper, lower, 0x31);
        }
        PERMUTE4(&even[0], &even[1], &even[2], &even[3]);
        PERMUTE4(&odd[0], &odd[1], &odd[2], &odd[3]);
        for (int pair = 0; pair < 4; pair++) {
            int upper = 8 * pair + j;
            int lower = upper + 4;
            __m256i new_upper = _mm256_xor_si256(HALVES(even[pair], odd[pair], 0x20), r[upper]);
            __m256i new_lower = _mm256_xor_si256(HALVES(even[pair], odd[pair], 0x31), r[lower]);
            if (xor_out) {
                new_upper = _mm256_xor_si256(new_upper, _mm256_load_si256(target + upper));
                new_lower = _mm256_xor_si256(new_lower, _mm256_load_si256(target + lower));
            }
            _mm256_store_si256(target + upper, new_upper);
            _mm256_store_si256(target + lower, new_lower);
        }
    }
}

#undef COMPRESS
#undef GB4
#undef PERMUTE4
#undef ROTR24
#undef ROTR16
#undef ROTR63
