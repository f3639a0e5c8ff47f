# Writes OUT, a C source holding files (FILES, a list of names in DIR) as
# byte arrays, each ended by a NUL, and TABLE[] (default cli_web_files),
# the table cli/web.c looks them up in. Run at build time (cmake -P), so
# that the program carries its pages (web/) and its help texts
# (docs/help/) and needs none of those files once built.
if(NOT TABLE)
  set(TABLE cli_web_files)
endif()
set(_body "/* Generated from ${DIR} by cmake/EmbedWeb.cmake: do not edit. */\n#include \"web.h\"\n\n")
set(_table "")
set(_i 0)
foreach(_name IN LISTS FILES)
  file(READ "${DIR}/${_name}" _hex HEX)
  string(LENGTH "${_hex}" _len)
  math(EXPR _len "${_len} / 2")
  string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," _bytes "${_hex}")
  # 16 bytes a line (CMake's expressions know no {16})
  string(REPEAT "0x..," 16 _line)
  string(REGEX REPLACE "(${_line})" "\\1\n" _bytes "${_bytes}")
  string(APPEND _body "static const unsigned char web_${_i}[] = {\n${_bytes}0};\n")
  string(APPEND _table "    {\"${_name}\", (const char *)web_${_i}, ${_len}},\n")
  math(EXPR _i "${_i} + 1")
endforeach()
string(APPEND _body "\nconst cli_web_file ${TABLE}[] = {\n${_table}    {0, 0, 0}\n};\n")
# Rewritten only when it changes, so that nothing is rebuilt for nothing.
set(_old "")
if(EXISTS "${OUT}")
  file(READ "${OUT}" _old)
endif()
if(NOT _old STREQUAL _body)
  file(WRITE "${OUT}" "${_body}")
endif()
