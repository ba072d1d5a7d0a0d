package dev.pressroom.auth.password;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The default hashing threads follow the container's CPU limit, never the node's core count. */
class CpuLimitTest {

    @TempDir
    Path cgroup;

    @Test
    void defaultThreadsWhenCgroupV2LimitThenItRoundedUp() throws IOException {
        Files.writeString(cgroup.resolve("cpu.max"), "150000 100000\n");

        assertThat(CpuLimit.defaultThreads(cgroup, 64)).isEqualTo(2);
    }

    @Test
    void defaultThreadsWhenCgroupV1LimitThenIt() throws IOException {
        Files.createDirectories(cgroup.resolve("cpu"));
        Files.writeString(cgroup.resolve("cpu/cpu.cfs_quota_us"), "400000\n");
        Files.writeString(cgroup.resolve("cpu/cpu.cfs_period_us"), "100000\n");

        assertThat(CpuLimit.defaultThreads(cgroup, 64)).isEqualTo(4);
    }

    @Test
    void defaultThreadsWhenLimitBelowOneCpuThenOne() throws IOException {
        Files.writeString(cgroup.resolve("cpu.max"), "50000 100000\n");

        assertThat(CpuLimit.defaultThreads(cgroup, 64)).isEqualTo(1);
    }

    @Test
    void defaultThreadsWhenNoLimitOnABigNodeThenTwoNotTheNodesCores() throws IOException {
        Files.writeString(cgroup.resolve("cpu.max"), "max 100000\n");
        assertThat(CpuLimit.defaultThreads(cgroup, 64)).isEqualTo(CpuLimit.THREADS_WITHOUT_LIMIT);

        Path v1 = Files.createTempDirectory(cgroup.getParent(), "v1");
        Files.createDirectories(v1.resolve("cpu"));
        Files.writeString(v1.resolve("cpu/cpu.cfs_quota_us"), "-1\n");
        Files.writeString(v1.resolve("cpu/cpu.cfs_period_us"), "100000\n");
        assertThat(CpuLimit.defaultThreads(v1, 64)).isEqualTo(CpuLimit.THREADS_WITHOUT_LIMIT);

        assertThat(CpuLimit.defaultThreads(cgroup.resolve("none"), 64)).isEqualTo(CpuLimit.THREADS_WITHOUT_LIMIT);
    }

    @Test
    void defaultThreadsWhenTheJvmSeesFewerCpusThenThose() throws IOException {
        // A cpuset narrower than the quota: the JVM's count is the smaller.
        Files.writeString(cgroup.resolve("cpu.max"), "800000 100000\n");

        assertThat(CpuLimit.defaultThreads(cgroup, 3)).isEqualTo(3);
        assertThat(CpuLimit.defaultThreads(cgroup.resolve("none"), 1)).isEqualTo(1);
    }

    @Test
    void defaultThreadsWhenCgroupFileUnexpectedThenAsWithoutLimit() throws IOException {
        Files.writeString(cgroup.resolve("cpu.max"), "garbage\n");

        assertThat(CpuLimit.defaultThreads(cgroup, 64)).isEqualTo(CpuLimit.THREADS_WITHOUT_LIMIT);
    }
}
