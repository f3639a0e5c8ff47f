# The version of gamesearch, read from include/gamesearch/core.h, the one
# place it is written: sets GS_VERSION ("MAJOR.MINOR.PATCH") for project().
file(STRINGS "${CMAKE_CURRENT_LIST_DIR}/../include/gamesearch/core.h" _gs_defines
     REGEX "^#define GS_VERSION_(MAJOR|MINOR|PATCH|STRING) ")
foreach(_gs_part MAJOR MINOR PATCH)
  if(NOT _gs_defines MATCHES "GS_VERSION_${_gs_part} +([0-9]+)")
    message(FATAL_ERROR "include/gamesearch/core.h: no GS_VERSION_${_gs_part}")
  endif()
  set(_gs_${_gs_part} ${CMAKE_MATCH_1})
endforeach()
set(GS_VERSION "${_gs_MAJOR}.${_gs_MINOR}.${_gs_PATCH}")
if(NOT _gs_defines MATCHES "GS_VERSION_STRING +\"${GS_VERSION}\"")
  message(FATAL_ERROR "include/gamesearch/core.h: GS_VERSION_STRING is not "
          "\"${GS_VERSION}\" (GS_VERSION_MAJOR.MINOR.PATCH)")
endif()
unset(_gs_defines)
unset(_gs_part)
