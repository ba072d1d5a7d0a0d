/* SPDX-License-Identifier: Apache-2.0
 * Only declared, so the builder's queries on amd64 find the struct of another architecture's image (unused here). */
#ifndef PRESSROOM_AARCH64CPUFEATURES_H
#define PRESSROOM_AARCH64CPUFEATURES_H
typedef struct {
  char fFP;
  char fASIMD;
  char fEVTSTRM;
  char fAES;
  char fPMULL;
  char fSHA1;
  char fSHA2;
  char fCRC32;
  char fLSE;
  char fDCPOP;
  char fSHA3;
  char fSHA512;
  char fSVE;
  char fSVE2;
  char fSTXR_PREFETCH;
  char fA53MAC;
  char fDMB_ATOMICS;
  char fPACA;
  char fSVEBITPERM;
  char fFPHP;
  char fASIMDHP;
} CPUFeatures;
#endif
