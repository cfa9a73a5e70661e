# shaders.cmake — tsl_embed_shaders(VAR): the GLSL files in shaders/ embedded
# into a generated source file (by embed_shaders.cmake, at build time, again
# whenever a shader changes), whose path is set in VAR for a target's
# sources. Used by the desktop's app/ and the browser's web/.
function(tsl_embed_shaders var)
  file(GLOB files CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/shaders/*.vert ${PROJECT_SOURCE_DIR}/shaders/*.frag ${PROJECT_SOURCE_DIR}/shaders/*.glsl)
  set(out ${CMAKE_CURRENT_BINARY_DIR}/shader_sources_embedded.cpp)
  add_custom_command(
    OUTPUT ${out}
    COMMAND ${CMAKE_COMMAND} "-DFILES=${files}" -DOUT=${out} -P ${PROJECT_SOURCE_DIR}/cmake/embed_shaders.cmake
    DEPENDS ${files} ${PROJECT_SOURCE_DIR}/cmake/embed_shaders.cmake
    COMMENT "Embedding shaders"
    VERBATIM)
  set(${var} ${out} PARENT_SCOPE)
endfunction()
