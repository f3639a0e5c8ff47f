# A CMake toolchain for WebAssembly (wasm32-wasi) with Debian's packages:
# clang, lld (wasm-ld), wasi-libc (the C library, in /usr/lib/wasm32-wasi)
# and libclang-rt-14-dev-wasm32 (the compiler's builtins). No threads: the
# library is built with GS_NO_THREADS. docs/wasm.md says why this and not
# emscripten.
#   cmake -S wasm -B build-wasm -DCMAKE_TOOLCHAIN_FILE=cmake/wasm32-wasi.cmake
# (CMake has no platform file for WASI: "Generic", and GS_WASM_TARGET says
# which.)
set(CMAKE_SYSTEM_NAME Generic)
set(CMAKE_SYSTEM_PROCESSOR wasm32)

set(GS_WASM_TARGET wasm32-wasi)
find_program(GS_WASM_CLANG NAMES clang clang-14 REQUIRED)
set(CMAKE_C_COMPILER "${GS_WASM_CLANG}")
set(CMAKE_C_COMPILER_TARGET ${GS_WASM_TARGET})
# Debian installs wasi-libc's headers under /usr/include/wasm32-wasi and its
# libraries under /usr/lib/wasm32-wasi, which clang finds by the target's
# name with --sysroot=/usr.
set(CMAKE_SYSROOT /usr)
set(CMAKE_C_FLAGS_INIT "-fno-exceptions")
set(CMAKE_EXE_LINKER_FLAGS_INIT "-fuse-ld=lld")
# A module is never run where it is built: try_compile links a library.
set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)
set(CMAKE_EXECUTABLE_SUFFIX ".wasm")
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
