# What `cmake --install` puts where (GNUInstallDirs):
#   bin/gamesearch
#   include/gamesearch/*.h                  every public header
#   LIBDIR/libgamesearch.so.X.Y.Z, .so.SOVERSION (X.Y before 1.0, X
#                                           after), .so, libgamesearch.a
#   LIBDIR/pkgconfig/gamesearch.pc          pkg-config --cflags --libs gamesearch
#   LIBDIR/pkgconfig/gamesearch-static.pc   the same, linking libgamesearch.a
#   LIBDIR/cmake/gamesearch/                find_package(gamesearch):
#                                           gamesearch::gamesearch (shared),
#                                           gamesearch::gamesearch_static
#   share/gamesearch/layouts/*.lay          the Pacman layouts
#   share/man/man1/gamesearch.1
#   share/doc/gamesearch/examples/          the example trees and programs
#   share/doc/gamesearch/README.md, docs/   the documentation, as in the source
include(CMakePackageConfigHelpers)

set(GS_CMAKE_PACKAGE_DIR "${CMAKE_INSTALL_LIBDIR}/cmake/gamesearch")

install(TARGETS gamesearch_cli RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(TARGETS gamesearch EXPORT gamesearchTargets
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(TARGETS gamesearch_static EXPORT gamesearchStaticTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(DIRECTORY include/gamesearch DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
  FILES_MATCHING PATTERN "*.h")
install(DIRECTORY layouts/ DESTINATION ${GS_LAYOUT_INSTALL_DIR}
  FILES_MATCHING PATTERN "*.lay")
install(FILES docs/gamesearch.1 DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
install(DIRECTORY examples/ DESTINATION ${CMAKE_INSTALL_DOCDIR}/examples)

# The CMake package. The static library's own dependencies (nettle through
# pkg-config, threads unless GS_THREADS=OFF) are looked for by the config
# file.
install(EXPORT gamesearchTargets NAMESPACE gamesearch::
  DESTINATION ${GS_CMAKE_PACKAGE_DIR})
install(EXPORT gamesearchStaticTargets NAMESPACE gamesearch::
  DESTINATION ${GS_CMAKE_PACKAGE_DIR})
configure_package_config_file(cmake/gamesearchConfig.cmake.in
  ${PROJECT_BINARY_DIR}/gamesearchConfig.cmake
  INSTALL_DESTINATION ${GS_CMAKE_PACKAGE_DIR})
# Before 1.0 a new minor version may change the API: only the same
# MAJOR.MINOR, at the same or a later patch, satisfies a request.
write_basic_package_version_file(${PROJECT_BINARY_DIR}/gamesearchConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
install(FILES
  ${PROJECT_BINARY_DIR}/gamesearchConfig.cmake
  ${PROJECT_BINARY_DIR}/gamesearchConfigVersion.cmake
  DESTINATION ${GS_CMAKE_PACKAGE_DIR})

# The pkg-config files name the prefix the files are installed under, which
# `cmake --install --prefix DIR` may change after configuring: they are
# written when installing. Here everything but the prefix is filled in.
set(GS_PC_PREFIX "@GS_PC_PREFIX@")
foreach(dir LIBDIR INCLUDEDIR)
  if(IS_ABSOLUTE "${CMAKE_INSTALL_${dir}}")
    set(GS_PC_${dir} "${CMAKE_INSTALL_${dir}}")
  else()
    set(GS_PC_${dir} "\${prefix}/${CMAKE_INSTALL_${dir}}")
  endif()
endforeach()
# A build without threads (GS_THREADS=OFF) links no thread library.
if(GS_THREADS)
  set(GS_PC_THREADS " -pthread")
else()
  set(GS_PC_THREADS "")
endif()
foreach(pc gamesearch gamesearch-static)
  configure_file(cmake/${pc}.pc.in ${PROJECT_BINARY_DIR}/pkgconfig/${pc}.pc.in @ONLY)
  install(CODE "
    set(GS_PC_PREFIX \"\${CMAKE_INSTALL_PREFIX}\")
    configure_file(\"${PROJECT_BINARY_DIR}/pkgconfig/${pc}.pc.in\"
                   \"${PROJECT_BINARY_DIR}/pkgconfig/${pc}.pc\" @ONLY)")
  install(FILES ${PROJECT_BINARY_DIR}/pkgconfig/${pc}.pc
    DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
endforeach()

# The documentation, laid out as in the source tree so that its links and
# every pointer of `--help` ("docs/ref/tree.md"), of the man page and of
# the Python docstrings hold under DOCDIR: README.md, docs/ (pages,
# pictures) and examples/ (above). docs/help/ is built into the program
# and docs/gamesearch.1 is the man page: not copied again.
install(FILES README.md CHANGELOG.md DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(DIRECTORY docs/ DESTINATION ${CMAKE_INSTALL_DOCDIR}/docs
  PATTERN help EXCLUDE
  PATTERN gamesearch.1 EXCLUDE)
# `gamesearch COMMAND --help` ends with where its page is installed:
# found from the program's own place, else as configured (cli/web.c).
file(RELATIVE_PATH GS_DOC_FROM_BINDIR "${CMAKE_INSTALL_FULL_BINDIR}"
  "${CMAKE_INSTALL_FULL_DOCDIR}")
target_compile_definitions(gamesearch_cli_parts PRIVATE
  GS_DOC_DIR="${CMAKE_INSTALL_FULL_DOCDIR}"
  GS_DOC_FROM_BINDIR="${GS_DOC_FROM_BINDIR}")
