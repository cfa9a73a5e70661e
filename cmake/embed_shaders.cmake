# Writes OUT: a C++ table {file name, source} of every shader in FILES, so the
# binary carries its shaders and runs from any directory. Invoked at build
# time (cmake -P), re-run whenever a shader file changes.
set(body "")
foreach(file IN LISTS FILES)
  get_filename_component(name "${file}" NAME)
  file(READ "${file}" source)
  string(APPEND body "    {\"shaders/${name}\", R\"tsl_glsl(${source})tsl_glsl\"},\n")
endforeach()
file(WRITE "${OUT}.tmp" "// Generated from shaders/ by cmake/embed_shaders.cmake. Do not edit.\n#include \"app/render/shader_sources.h\"\n\nnamespace tsl::app {\n\nconst EmbeddedShader kEmbeddedShaders[] = {\n${body}};\nconst std::size_t kEmbeddedShaderCount = sizeof(kEmbeddedShaders) / sizeof(kEmbeddedShaders[0]);\n\n}  // namespace tsl::app\n")
file(COPY_FILE "${OUT}.tmp" "${OUT}" ONLY_IF_DIFFERENT)
file(REMOVE "${OUT}.tmp")
