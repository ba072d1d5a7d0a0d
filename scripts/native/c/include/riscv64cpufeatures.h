/* SPDX-License-Identifier: Apache-2.0
 * Only declared, so the builder's queries on amd64 find the struct of another architecture's image (unused here). */
#ifndef PRESSROOM_RISCV64CPUFEATURES_H
#define PRESSROOM_RISCV64CPUFEATURES_H
typedef struct {
  char fI;
  char fM;
  char fA;
  char fF;
  char fD;
  char fC;
  char fV;
} CPUFeatures;
#endif
