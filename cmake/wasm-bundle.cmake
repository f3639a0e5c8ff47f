# Writes OUT: the script IN (web/gs.js) with the WebAssembly module WASM
# inlined as base64 in place of @GS_WASM_BASE64@, so that a page opened
# from disk (file://), which may fetch nothing, has the engine. Run at
# build time (cmake -P) by wasm/CMakeLists.txt.
execute_process(COMMAND base64 -w 0 "${WASM}" OUTPUT_VARIABLE _b64
                RESULT_VARIABLE _rc)
if(NOT _rc EQUAL 0)
  message(FATAL_ERROR "base64 failed on ${WASM}")
endif()
file(READ "${IN}" _js)
string(FIND "${_js}" "@GS_WASM_BASE64@" _at)
if(_at LESS 0)
  message(FATAL_ERROR "${IN} has no @GS_WASM_BASE64@ to replace")
endif()
string(REPLACE "@GS_WASM_BASE64@" "${_b64}" _js "${_js}")
file(WRITE "${OUT}" "${_js}")
