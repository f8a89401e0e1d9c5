# Fails when an include crosses the architecture (docs/architecture.md):
# - the layers, lowest first: core, io, service, lab, web, then the command line (src/cli),
#   which may include any; a layer includes only its own headers and those of layers below it;
# - within core, the modules of CORE_MODULES, each listed with the modules it may include;
# - a public header (not under a detail/ folder) includes no detail/ header, so that what
#   `cmake --install` copies is complete without the internals.
# Run by the build (target tangram_check_layers) as
#   cmake -DROOT=<source dir> -P scripts/check-layers.cmake
cmake_minimum_required(VERSION 3.18)
set(layers core io service lab web)
# module: the modules it may include besides itself
set(CORE_MODULES
    "base:"
    "geometry:base"
    "puzzle:base,geometry"
    "figure:base,geometry,puzzle"
    "search:base,geometry,puzzle"
    "refine:base,geometry,puzzle,figure,search"
    "raster:base,geometry,puzzle,figure,search,refine"
    "exact:base,geometry,puzzle,figure,search,refine"
    "enumerate:base,geometry,puzzle,figure,search,refine"
    "dissection:base"
    "generate:base,geometry,puzzle,figure,search,refine,enumerate"
    "solve:base,geometry,puzzle,figure,search,refine,raster,exact,enumerate")
set(problems "")

list(LENGTH layers layer_count)
math(EXPR last "${layer_count} - 1")
foreach(index RANGE ${last})
  list(GET layers ${index} layer)
  math(EXPR above_first "${index} + 1")
  set(forbidden "")
  if(above_first LESS layer_count)
    foreach(above RANGE ${above_first} ${last})
      list(GET layers ${above} name)
      list(APPEND forbidden ${name})
    endforeach()
  endif()
  file(GLOB_RECURSE files ${ROOT}/include/tangram/${layer}/*.hpp ${ROOT}/src/${layer}/*.cpp
       ${ROOT}/src/${layer}/*.hpp)
  foreach(file ${files})
    file(STRINGS ${file} includes REGEX "^#include \"tangram/")
    foreach(line ${includes})
      string(REGEX MATCH "tangram/([a-z]+)/" match "${line}")
      set(target_layer ${CMAKE_MATCH_1})
      if(NOT target_layer)
        string(APPEND problems "\n  ${file}: ${line} (headers live in include/tangram/<layer>/)")
      elseif(target_layer IN_LIST forbidden)
        string(APPEND problems "\n  ${file}: ${line} (${layer} may not use ${target_layer})")
      endif()
      if(file MATCHES "^${ROOT}/include/" AND NOT file MATCHES "/detail/" AND
         line MATCHES "/detail/")
        string(APPEND problems "\n  ${file}: ${line} (a public header includes an internal one)")
      endif()
    endforeach()
  endforeach()
endforeach()

set(module_names "")
foreach(entry ${CORE_MODULES})
  string(REGEX REPLACE ":.*" "" name "${entry}")
  list(APPEND module_names ${name})
endforeach()
foreach(entry ${CORE_MODULES})
  string(REGEX REPLACE ":.*" "" module "${entry}")
  string(REGEX REPLACE "^[a-z]+:" "" allowed "${entry}")
  string(REPLACE "," ";" allowed "${allowed}")
  list(APPEND allowed ${module})
  file(GLOB_RECURSE files ${ROOT}/include/tangram/core/${module}/*.hpp
       ${ROOT}/src/core/${module}/*.cpp ${ROOT}/src/core/${module}/*.hpp)
  foreach(file ${files})
    file(STRINGS ${file} includes REGEX "^#include \"tangram/core/")
    foreach(line ${includes})
      string(REGEX MATCH "tangram/core/([a-z]+)/" match "${line}")
      set(target ${CMAKE_MATCH_1})
      if(NOT target OR NOT target IN_LIST module_names)
        string(APPEND problems "\n  ${file}: ${line} (core's headers live in its modules)")
      elseif(NOT target IN_LIST allowed)
        string(APPEND problems "\n  ${file}: ${line} (core/${module} may not use core/${target})")
      endif()
    endforeach()
  endforeach()
endforeach()
file(GLOB strays ${ROOT}/include/tangram/core/*.hpp ${ROOT}/src/core/*.cpp)
foreach(file ${strays})
  string(APPEND problems "\n  ${file}: core's files live in its modules (include/tangram/core/<module>/)")
endforeach()

if(problems)
  message(FATAL_ERROR "includes against the architecture (docs/architecture.md):${problems}")
endif()
