# The Connect Four books shipped in the library (docs/playing.md, "Opening
# books"): games/connect4/default.book (the computer's lines) and
# games/connect4/analysis.book (every position to a few stones) as C
# arrays in OUT, written again whenever either file changes, so that the
# program and the Python module (setup.py writes the same file) carry the
# same bytes. gs_c4_book_default merges the two. A third argument names
# another file of games/connect4 in place of analysis.book: the
# WebAssembly module takes analysis-web.book, the same book to fewer
# stones, so that the pages stay small (docs/web.md).
function(gs_c4_book_data source_dir out)
  set(analysis analysis.book)
  if(ARGC GREATER 2)
    set(analysis ${ARGV2})
  endif()
  set(text "/* Generated from the books of games/connect4 by cmake/C4Books.cmake. */\n#include <stddef.h>\n")
  foreach(pair "default.book;c4_default_book" "${analysis};c4_analysis_book")
    list(GET pair 0 file)
    list(GET pair 1 name)
    set(path ${source_dir}/games/connect4/${file})
    set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${path})
    file(READ ${path} hex HEX)
    file(SIZE ${path} size)
    string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
    string(APPEND text "const unsigned char ${name}[] = {${bytes}};\n"
                       "const size_t ${name}_len = ${size};\n")
  endforeach()
  file(WRITE "${out}.new" "${text}")
  configure_file(${out}.new ${out} COPYONLY)
endfunction()
