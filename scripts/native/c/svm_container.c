/* SPDX-License-Identifier: Apache-2.0
 * Pressroom's minimal libsvm_container for test builds (scripts/native.sh). GraalVM's library reads cgroup limits so
 * an image in a container sizes its heap and threads from the container; this one reports "not containerized" and
 * the machine's memory and CPUs, which is what a test run on a developer machine or CI needs. The shipped images
 * (deploy/, Mandrel builder) carry GraalVM's own. */
#define _GNU_SOURCE
#include <sched.h>
#include <unistd.h>

#define SVM_CONTAINER_VERSION 240100
#define SUCCESS_IS_NOT_CONTAINERIZED 0
#define ERROR_LIBCONTAINER_TOO_OLD 2
#define ERROR_LIBCONTAINER_TOO_NEW 3
#define UNKNOWN (-2L)

int svm_container_initialize(int version) {
  if (version > SVM_CONTAINER_VERSION) {
    return ERROR_LIBCONTAINER_TOO_OLD;
  }
  if (version < SVM_CONTAINER_VERSION) {
    return ERROR_LIBCONTAINER_TOO_NEW;
  }
  return SUCCESS_IS_NOT_CONTAINERIZED;
}

unsigned long svm_container_physical_memory(void) {
  return (unsigned long)sysconf(_SC_PHYS_PAGES) * (unsigned long)sysconf(_SC_PAGESIZE);
}

long svm_container_memory_limit_in_bytes(void) { return UNKNOWN; }
long svm_container_memory_and_swap_limit_in_bytes(void) { return UNKNOWN; }
long svm_container_memory_soft_limit_in_bytes(void) { return UNKNOWN; }
long svm_container_memory_usage_in_bytes(void) { return UNKNOWN; }
long svm_container_memory_max_usage_in_bytes(void) { return UNKNOWN; }
long svm_container_rss_usage_in_bytes(void) { return UNKNOWN; }
long svm_container_cache_usage_in_bytes(void) { return UNKNOWN; }

int svm_container_active_processor_count(void) {
  cpu_set_t set;
  if (sched_getaffinity(0, sizeof(set), &set) == 0) {
    return CPU_COUNT(&set);
  }
  return (int)sysconf(_SC_NPROCESSORS_ONLN);
}
