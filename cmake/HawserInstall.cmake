# Installing Hawser as a library (docs/install.md): `cmake --install BUILD --prefix P` puts
#   bin/hawser                                  the program (the host layer linked in statically)
#   LIBDIR/libhawser.so.0.1.0 (+ .so.0, .so)    the shared library: hw_* of include/hawser only,
#                                               the CUDA runtime inside it (static cudart)
#   LIBDIR/libhawser.a                          the static library: host layer and kernels, one archive
#   include/hawser/*.h                          the public headers
#   LIBDIR/cmake/Hawser/                        find_package(Hawser): Hawser::hawser, Hawser::hawser_static
#   LIBDIR/pkgconfig/hawser.pc, hawser-static.pc
#   share/doc/hawser/                           README.md, docs/*.md, examples/
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

# --- the shared library's exports: the functions of the public headers, nothing else -------------
file(GLOB HAWSER_PUBLIC_HEADERS CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/include/hawser/*.h)
set(HAWSER_MAP ${PROJECT_BINARY_DIR}/hawser.map)
set(HAWSER_API_LIST ${PROJECT_BINARY_DIR}/hawser_api.txt)
add_custom_command(
  OUTPUT ${HAWSER_MAP} ${HAWSER_API_LIST}
  COMMAND ${CMAKE_COMMAND} -DCC=${CMAKE_C_COMPILER} -DINCLUDE_DIR=${PROJECT_SOURCE_DIR}/include
          -DOUT=${HAWSER_MAP} -DLIST=${HAWSER_API_LIST} -P ${PROJECT_SOURCE_DIR}/cmake/HawserExports.cmake
  DEPENDS ${HAWSER_PUBLIC_HEADERS} ${PROJECT_SOURCE_DIR}/cmake/HawserExports.cmake
  COMMENT "hawser.map: libhawser.so exports the functions of include/hawser/*.h"
  VERBATIM)
add_custom_target(hawser_map DEPENDS ${HAWSER_MAP})
add_dependencies(hawser_shared hawser_map)
target_link_options(hawser_shared PRIVATE "LINKER:--version-script=${HAWSER_MAP}")
set_property(TARGET hawser_shared APPEND PROPERTY LINK_DEPENDS ${HAWSER_MAP})
set_target_properties(hawser_shared PROPERTIES EXPORT_NAME hawser)
target_include_directories(hawser_shared INTERFACE $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)

# --- the static library: hawser_lib and hawser_kernels in one archive ------------------------------
# (hawser_lib's own libhawser.a in host/ holds the host layer alone; the tests and the program link
# it with hawser_kernels.) Objects only, no link interface taken over from the build: what a
# program linking the archive needs is said below, once for CMake and once for pkg-config.
add_library(hawser_static STATIC $<TARGET_OBJECTS:hawser_lib> $<TARGET_OBJECTS:hawser_kernels>)
set_target_properties(hawser_static PROPERTIES OUTPUT_NAME hawser LINKER_LANGUAGE C
                      ARCHIVE_OUTPUT_DIRECTORY ${PROJECT_BINARY_DIR}/static EXPORT_NAME hawser_static)
target_include_directories(hawser_static INTERFACE $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)

# The archive's dependencies, one list for the pc files (flags) and one for the CMake package (link
# items): libyaml, FFTW and HDF5 as the build found them with pkg-config (the pc files list their
# flags in Libs.private rather than the modules in Requires.private: pkg-config would then add
# their Cflags, HDF5's include directory, to every consumer of the shared library and need their
# .pc files); OpenMP's runtime libraries (gcc's -fopenmp: libgomp); with CUDA the toolkit's static
# runtime (cudart_static, with dl and rt) and the C++ runtime the nvcc objects call (Thrust).
set(HAWSER_STATIC_LIBS ${YAML_LINK_LIBRARIES} ${FFTW_LINK_LIBRARIES})
set(_hw_flags ${YAML_LDFLAGS} ${FFTW_LDFLAGS})
if(HW_HDF5_FOUND)
  list(APPEND HAWSER_STATIC_LIBS ${HW_HDF5_LINK_LIBRARIES})
  list(APPEND _hw_flags ${HW_HDF5_LDFLAGS})
endif()
# (FindOpenMP's and FindCUDAToolkit's results in kernels/ are that folder's: asked again here)
get_target_property(_hw_klibs hawser_kernels INTERFACE_LINK_LIBRARIES)
if("OpenMP::OpenMP_C" IN_LIST _hw_klibs)
  find_package(OpenMP COMPONENTS C REQUIRED)
  foreach(lib IN LISTS OpenMP_C_LIB_NAMES)
    if(NOT lib STREQUAL "pthread")  # Threads below
      list(APPEND HAWSER_STATIC_LIBS ${OpenMP_${lib}_LIBRARY})
      list(APPEND _hw_flags -l${lib})
    endif()
  endforeach()
endif()
if(HAWSER_HAVE_CUDA)
  find_package(CUDAToolkit REQUIRED)
  get_filename_component(HAWSER_CUDA_ROOT "${CUDAToolkit_BIN_DIR}" DIRECTORY)
  list(APPEND HAWSER_STATIC_LIBS CUDA::cudart_static stdc++)  # FindCUDAToolkit's, in HawserConfig
  list(APPEND _hw_flags -L${CUDAToolkit_LIBRARY_DIR} -lcudart_static -ldl -lrt -lstdc++)
endif()
list(APPEND HAWSER_STATIC_LIBS Threads::Threads m)
list(APPEND _hw_flags -lpthread -lm)
list(REMOVE_DUPLICATES _hw_flags)
foreach(dir IN LISTS CMAKE_C_IMPLICIT_LINK_DIRECTORIES)  # the linker's own: no -L needed
  list(REMOVE_ITEM _hw_flags -L${dir})
endforeach()
string(JOIN " " HAWSER_PC_LIBS_PRIVATE ${_hw_flags})
foreach(item IN LISTS HAWSER_STATIC_LIBS)
  target_link_libraries(hawser_static INTERFACE "$<INSTALL_INTERFACE:${item}>")
endforeach()

# --- installing ------------------------------------------------------------------------------------
install(TARGETS hawser RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(TARGETS hawser_shared EXPORT HawserTargets LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(TARGETS hawser_static EXPORT HawserStaticTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/hawser DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
        FILES_MATCHING PATTERN "*.h")
install(FILES ${PROJECT_SOURCE_DIR}/README.md DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/docs/ DESTINATION ${CMAKE_INSTALL_DOCDIR}/docs
        FILES_MATCHING PATTERN "*.md")
install(DIRECTORY ${PROJECT_SOURCE_DIR}/examples DESTINATION ${CMAKE_INSTALL_DOCDIR})

set(HAWSER_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/Hawser)
install(EXPORT HawserTargets NAMESPACE Hawser:: DESTINATION ${HAWSER_CMAKE_DIR})
install(EXPORT HawserStaticTargets NAMESPACE Hawser:: DESTINATION ${HAWSER_CMAKE_DIR})
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/HawserConfig.cmake.in
                              ${PROJECT_BINARY_DIR}/HawserConfig.cmake
                              INSTALL_DESTINATION ${HAWSER_CMAKE_DIR})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/HawserConfigVersion.cmake
                                 COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/HawserConfig.cmake ${PROJECT_BINARY_DIR}/HawserConfigVersion.cmake
        DESTINATION ${HAWSER_CMAKE_DIR})

# The pc files are written at install time: the prefix is the one `cmake --install --prefix` gives.
set(HAWSER_PREFIX "@HAWSER_PREFIX@")  # kept for the second pass, at install time
foreach(dir LIBDIR INCLUDEDIR)
  if(IS_ABSOLUTE "${CMAKE_INSTALL_${dir}}")
    set(HAWSER_PC_${dir} "${CMAKE_INSTALL_${dir}}")
  else()
    set(HAWSER_PC_${dir} "\${prefix}/${CMAKE_INSTALL_${dir}}")
  endif()
endforeach()
foreach(pc hawser hawser-static)
  configure_file(${PROJECT_SOURCE_DIR}/cmake/${pc}.pc.in ${PROJECT_BINARY_DIR}/pkgconfig/${pc}.pc.in @ONLY)
  install(CODE "
    get_filename_component(HAWSER_PREFIX \"\${CMAKE_INSTALL_PREFIX}\" ABSOLUTE)
    configure_file(\"${PROJECT_BINARY_DIR}/pkgconfig/${pc}.pc.in\"
                   \"${PROJECT_BINARY_DIR}/pkgconfig/install/${pc}.pc\" @ONLY)")
  install(FILES ${PROJECT_BINARY_DIR}/pkgconfig/install/${pc}.pc
          DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
endforeach()
