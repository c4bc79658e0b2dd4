# cmake -DCC=<C compiler> -DINCLUDE_DIR=<include/> -DOUT=<file> [-DLIST=<file>] -P HawserExports.cmake
#
# The public API of libhawser.so: every function declared in include/hawser/*.h. The headers go
# through the C preprocessor (comments and macros gone), and each "hw_NAME (" left is a function
# declaration (typedefs of function pointers read "(*hw_NAME)(" and are not taken; static inline
# functions of a header are left out). OUT is the
# linker's version script, which exports those names and hides everything else (the host layer's
# internal hw_* functions, the CUDA runtime linked inside). LIST, when given, gets the names one a
# line (tests/test_install.sh compares it with nm -D of the installed library).
file(GLOB headers RELATIVE ${INCLUDE_DIR} ${INCLUDE_DIR}/hawser/*.h)
list(SORT headers)
set(src "")
foreach(h IN LISTS headers)
  string(APPEND src "#include <${h}>\n")
endforeach()
get_filename_component(dir ${OUT} DIRECTORY)
file(WRITE ${dir}/hawser_api_headers.c "${src}")
execute_process(COMMAND ${CC} -E -P -I${INCLUDE_DIR} ${dir}/hawser_api_headers.c
                OUTPUT_VARIABLE pre RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "HawserExports: the public headers do not preprocess: ${err}")
endif()
string(REGEX MATCHALL "hw_[A-Za-z0-9_]+[ \t\r\n]*\\(" calls "${pre}")
set(names "")
foreach(c IN LISTS calls)
  string(REGEX REPLACE "[ \t\r\n]*\\($" "" n "${c}")
  list(APPEND names ${n})
endforeach()
# static (inline) functions defined in a header are the consumer's own copies, not exports
string(REGEX MATCHALL "static[^;{}()]*hw_[A-Za-z0-9_]+[ \t\r\n]*\\(" statics "${pre}")
foreach(c IN LISTS statics)
  string(REGEX MATCH "hw_[A-Za-z0-9_]+[ \t\r\n]*\\($" n "${c}")
  string(REGEX REPLACE "[ \t\r\n]*\\($" "" n "${n}")
  list(REMOVE_ITEM names ${n})
endforeach()
list(REMOVE_DUPLICATES names)
list(SORT names)
list(LENGTH names count)
if(count EQUAL 0)
  message(FATAL_ERROR "HawserExports: no hw_* function found in ${INCLUDE_DIR}/hawser")
endif()
string(REPLACE ";" ";\n    " body "${names}")
set(map "/* libhawser.so's exports: the functions of include/hawser/*.h (cmake/HawserExports.cmake). */\n")
string(APPEND map "{\n  global:\n    ${body};\n  local:\n    *;\n};\n")
# written only when changed, so that an edit of a header's comment relinks nothing
set(old "")
if(EXISTS ${OUT})
  file(READ ${OUT} old)
endif()
if(NOT old STREQUAL map)
  file(WRITE ${OUT} "${map}")
endif()
if(LIST)
  string(REPLACE ";" "\n" lines "${names}")
  file(WRITE ${LIST} "${lines}\n")
endif()
