/* SPDX-License-Identifier: Apache-2.0
 * The CPU feature record the image's start-up fills (AMD64LibCHelper.CPUFeatures): one byte per feature, named as the
 * image's Java side names them. Our own layout; the builder reads the offsets from this header. */
#ifndef PRESSROOM_AMD64CPUFEATURES_H
#define PRESSROOM_AMD64CPUFEATURES_H

#define PRESSROOM_CPU_FEATURES(X) \
  X(fCX8) X(fCMOV) X(fFXSR) X(fHT) X(fMMX) X(fAMD_3DNOW_PREFETCH) X(fSSE) X(fSSE2) X(fSSE3) X(fSSSE3) X(fSSE4A) \
  X(fSSE4_1) X(fSSE4_2) X(fPOPCNT) X(fLZCNT) X(fTSC) X(fTSCINV) X(fTSCINV_BIT) X(fAVX) X(fAVX2) X(fAES) X(fERMS) \
  X(fCLMUL) X(fBMI1) X(fBMI2) X(fRTM) X(fADX) X(fAVX512F) X(fAVX512DQ) X(fAVX512PF) X(fAVX512ER) X(fAVX512CD) \
  X(fAVX512BW) X(fAVX512VL) X(fSHA) X(fFMA) X(fVZEROUPPER) X(fAVX512_VPOPCNTDQ) X(fAVX512_VPCLMULQDQ) \
  X(fAVX512_VAES) X(fAVX512_VNNI) X(fFLUSH) X(fFLUSHOPT) X(fCLWB) X(fAVX512_VBMI2) X(fAVX512_VBMI) X(fHV) \
  X(fSERIALIZE) X(fRDTSCP) X(fRDPID) X(fFSRM) X(fGFNI) X(fAVX512_BITALG) X(fPKU) X(fOSPKE) X(fCET_IBT) X(fCET_SS) \
  X(fF16C) X(fAVX512_IFMA) X(fAVX_IFMA) X(fAPX_F) X(fSHA512) X(fAVX512_FP16) X(fAVX10_1) X(fAVX10_2)

#define PRESSROOM_CPU_FEATURE_FIELD(name) char name;
typedef struct {
  PRESSROOM_CPU_FEATURES(PRESSROOM_CPU_FEATURE_FIELD)
} CPUFeatures;
#undef PRESSROOM_CPU_FEATURE_FIELD

void determineCPUFeatures(CPUFeatures *features);
int checkCPUFeatures(const unsigned char *buildtimeFeatureMask);
int checkCPUFeaturesOrExit(const unsigned char *buildtimeFeatureMask, const char *errorMessage);

#endif
