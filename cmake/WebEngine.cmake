# The engine of the pages that search in the browser (`gamesearch web`):
# build-wasm's gs.js (web/gs.js with the WebAssembly module inlined,
# wasm/CMakeLists.txt), built into the program as cli_web_engine[]
# (cli/web.h), and beside it gs-tree.js, the tree lab's smaller module
# (no Connect Four), when there is one. Where they come from, in order:
#   -DGS_WASM_JS=PATH   a gs.js built already (scripts/test.sh builds
#                       build-wasm once and hands it to each native build),
#                       and the gs-tree.js in its directory if any;
#   GS_WASM=AUTO|ON     the module built here, in BINARY_DIR/wasm, once for
#                       every configuration, when clang can link for
#                       wasm32-wasi (clang, lld, wasi-libc and
#                       libclang-rt-14-dev-wasm32: scripts/install-deps.sh);
#   otherwise           none: the table is empty and `gamesearch web` says
#                       that this build has no WebAssembly engine.
# Sets GS_WEB_ENGINE_C (the generated source) and GS_WEB_ENGINE_WHY (empty,
# or why there is no engine).
set(GS_WASM_JS "" CACHE FILEPATH "A built gs.js (wasm/) to embed; empty: build it here when the toolchain is there")
set(GS_WASM "AUTO" CACHE STRING "Build the WebAssembly engine for `gamesearch web`: AUTO, ON or OFF")
set(GS_WEB_ENGINE_C "${PROJECT_BINARY_DIR}/web_engine.c")
set(GS_WEB_ENGINE_WHY "")
set(_gs_js "")
set(_gs_tree_js "")
set(_gs_js_depends "")

if(GS_WASM_JS)
  if(NOT EXISTS "${GS_WASM_JS}")
    message(FATAL_ERROR "GS_WASM_JS=${GS_WASM_JS}: no such file (build wasm/ first)")
  endif()
  set(_gs_js "${GS_WASM_JS}")
  set(_gs_js_depends "${GS_WASM_JS}")
  get_filename_component(_dir "${GS_WASM_JS}" DIRECTORY)
  if(EXISTS "${_dir}/gs-tree.js")
    set(_gs_tree_js "gs-tree.js")
    list(APPEND _gs_js_depends "${_dir}/gs-tree.js")
  endif()
elseif(GS_WASM)
  # Can clang link a wasm32-wasi reactor here? (A few hundred milliseconds;
  # a yes is kept, a no asked again at the next configuration, so that
  # installing the toolchain is enough.)
  if(NOT GS_WASM_TOOLCHAIN_OK)
    find_program(_gs_clang NAMES clang clang-14)
    set(_ok FALSE)
    if(_gs_clang)
      set(_dir "${PROJECT_BINARY_DIR}/CMakeFiles/wasm-probe")
      file(WRITE "${_dir}/probe.c" "#include <stdio.h>\nint gs_probe(void);\nint gs_probe(void) { return snprintf(0, 0, \"%d\", 42); }\n")
      execute_process(COMMAND "${_gs_clang}" --target=wasm32-wasi --sysroot=/usr
                              -mexec-model=reactor -fuse-ld=lld -O1
                              "${_dir}/probe.c" -o "${_dir}/probe.wasm"
                      RESULT_VARIABLE _rc OUTPUT_QUIET ERROR_QUIET)
      if(_rc EQUAL 0)
        set(_ok TRUE)
      endif()
    endif()
    set(GS_WASM_TOOLCHAIN_OK ${_ok} CACHE INTERNAL "clang links wasm32-wasi")
  endif()
  if(GS_WASM_TOOLCHAIN_OK)
    include(ExternalProject)
    # Built once (not per configuration), incrementally: the sub-build
    # runs each time and rebuilds only what changed in src/ or games/.
    ExternalProject_Add(gamesearch_wasm_engine
      SOURCE_DIR "${PROJECT_SOURCE_DIR}/wasm"
      BINARY_DIR "${PROJECT_BINARY_DIR}/wasm"
      CMAKE_ARGS "-DCMAKE_TOOLCHAIN_FILE=${PROJECT_SOURCE_DIR}/cmake/wasm32-wasi.cmake"
                 "-DGS_WERROR=${GS_WERROR}"
                 "-DGS_PROGRAM=${PROJECT_BINARY_DIR}/gamesearch"
      INSTALL_COMMAND ""
      BUILD_ALWAYS ON
      BUILD_BYPRODUCTS "${PROJECT_BINARY_DIR}/wasm/gs.js"
                       "${PROJECT_BINARY_DIR}/wasm/gs-tree.js")
    set(_gs_js "${PROJECT_BINARY_DIR}/wasm/gs.js")
    set(_gs_tree_js "gs-tree.js")
    set(_gs_js_depends gamesearch_wasm_engine "${_gs_js}"
        "${PROJECT_BINARY_DIR}/wasm/gs-tree.js")
  elseif(GS_WASM STREQUAL "AUTO")
    set(GS_WEB_ENGINE_WHY "clang cannot link for wasm32-wasi here (install clang, lld, wasi-libc and libclang-rt-14-dev-wasm32)")
  else()
    message(FATAL_ERROR "GS_WASM=ON: clang cannot link for wasm32-wasi (install clang, lld, wasi-libc and libclang-rt-14-dev-wasm32)")
  endif()
else()
  set(GS_WEB_ENGINE_WHY "GS_WASM=${GS_WASM}")
endif()

if(_gs_js)
  get_filename_component(_dir "${_gs_js}" DIRECTORY)
  get_filename_component(_name "${_gs_js}" NAME)
  add_custom_command(
    OUTPUT "${GS_WEB_ENGINE_C}"
    COMMAND ${CMAKE_COMMAND} "-DDIR=${_dir}"
            "-DFILES=${_name}$<$<BOOL:${_gs_tree_js}>:$<SEMICOLON>${_gs_tree_js}>"
            "-DOUT=${GS_WEB_ENGINE_C}" -DTABLE=cli_web_engine
            -P "${PROJECT_SOURCE_DIR}/cmake/EmbedWeb.cmake"
    DEPENDS ${_gs_js_depends} "${PROJECT_SOURCE_DIR}/cmake/EmbedWeb.cmake"
    COMMENT "Embedding the WebAssembly engine (gs.js) into the program"
    VERBATIM)
else()
  # No engine: an empty table.
  execute_process(COMMAND ${CMAKE_COMMAND} "-DFILES=" "-DOUT=${GS_WEB_ENGINE_C}"
                          -DTABLE=cli_web_engine
                          -P "${PROJECT_SOURCE_DIR}/cmake/EmbedWeb.cmake")
endif()
