#!/usr/bin/env bash
# Cross-compiles the test suites of core-cpu, core-text, core-time, core-collections and core-num for
# aarch64 and runs them under qemu (user mode).
#
# rustup cannot fetch the aarch64 standard library here, so the build uses Debian's Rust
# (`rustc-web`: /usr/bin/rustc and rustdoc) whose `libstd-rust-web-dev:arm64` supplies it. Because that is a
# different compiler from the rustup toolchain, it gets its own target directory.
#
# Needs (installed by .ci/run, not by this script):
#     dpkg --add-architecture arm64 && apt-get update
#     apt-get install -y rustc-web libstd-rust-web-dev:arm64 gcc-aarch64-linux-gnu qemu-user
#
# qemu runs without `-L`: the multiarch arm64 glibc (/lib/aarch64-linux-gnu) works, while the
# cross glibc under /usr/aarch64-linux-gnu hangs on thread creation under qemu.
#
# CORE_TEXT_EXHAUSTIVE=reduced shrinks the exhaustive loops of the test suite, which are slow
# under emulation. Extra arguments are passed to `cargo test` (e.g. `-- --test-threads=1`).
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"

debian_rustc=/usr/bin/rustc
debian_rustdoc=/usr/bin/rustdoc
missing=()
[ -x "$debian_rustc" ] || missing+=("$debian_rustc (apt-get install rustc-web)")
[ -x "$debian_rustdoc" ] || missing+=("$debian_rustdoc (apt-get install rustc-web)")
[ -d /usr/lib/rustlib/aarch64-unknown-linux-gnu/lib ] ||
  missing+=("the aarch64 standard library (apt-get install libstd-rust-web-dev:arm64)")
command -v aarch64-linux-gnu-gcc >/dev/null ||
  missing+=("aarch64-linux-gnu-gcc (apt-get install gcc-aarch64-linux-gnu)")
command -v qemu-aarch64 >/dev/null || missing+=("qemu-aarch64 (apt-get install qemu-user)")
[ -e /lib/ld-linux-aarch64.so.1 ] ||
  missing+=("the multiarch arm64 glibc (dpkg --add-architecture arm64; apt-get install libc6:arm64)")
command -v cargo >/dev/null || missing+=("cargo")
if [ ${#missing[@]} -gt 0 ]; then
  echo "test-aarch64.sh: missing prerequisites:" >&2
  printf '  - %s\n' "${missing[@]}" >&2
  echo "install them as described at the top of scripts/test-aarch64.sh (.ci/run does it)" >&2
  exit 1
fi

echo "aarch64: $("$debian_rustc" --version), $(qemu-aarch64 --version | head -n1)"

export CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_LINKER=aarch64-linux-gnu-gcc
export CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_RUNNER=qemu-aarch64
export RUSTC="$debian_rustc"
export RUSTDOC="$debian_rustdoc" # doctests run on aarch64 too
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$root/target}/aarch64"
export CORE_TEXT_EXHAUSTIVE=reduced
# Tests of CORE_SIMD_MAX rerun their binary in a child process: through qemu too.
export CORE_CPU_TEST_RUNNER=qemu-aarch64

exec cargo test --target aarch64-unknown-linux-gnu -p core-cpu -p core-text -p core-time -p core-collections -p core-num "$@"
