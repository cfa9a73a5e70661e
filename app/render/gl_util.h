// gl_util.h — small RAII wrappers for the GL objects the renderers use:
// shader programs compiled from named files, buffers, vertex arrays, and the
// multisampled render target every scene is drawn into.
#pragma once

#include "app/platform/gl.h"

#include <string>

namespace tsl::app {

// The current context is OpenGL ES (3.0: WebGL 2 in a browser), not desktop OpenGL.
bool gl_is_es();

// A linked program. Compile and link errors name the shader file. In an
// OpenGL ES context the GLSL 3.30 sources are compiled as GLSL ES 3.00.
class ShaderProgram {
public:
    ShaderProgram() = default;
    ~ShaderProgram();
    ShaderProgram(const ShaderProgram&) = delete;
    ShaderProgram& operator=(const ShaderProgram&) = delete;

    // Loads "shaders/<vertex>" and "shaders/<fragment>" and links them. A
    // non-empty `fragment_include` ("shaders/<file>") is inserted into the
    // fragment shader right after its #version line (shared GLSL functions).
    bool build(const std::string& vertex_file, const std::string& fragment_file, std::string& error,
               const std::string& fragment_include = "");
    // The same from sources in hand; the names only label errors.
    bool build_from_source(const std::string& vertex_name, const std::string& vertex_source, const std::string& fragment_name,
                           const std::string& fragment_source, std::string& error);

    GLuint id() const { return program_; }
    GLint uniform(const char* name) const { return glGetUniformLocation(program_, name); }

private:
    GLuint program_ = 0;
};

// Multisampled colour target of a given size, resolved into another
// framebuffer (in OpenGL ES through a single-sampled one of its own).
class RenderTarget {
public:
    ~RenderTarget();
    // (Re)creates storage when the size changes. Samples are capped by the driver.
    void ensure(int width, int height, int samples);
    void bind_for_drawing() const;  // binds the multisampled framebuffer and sets the viewport
    // Resolves into `draw_framebuffer` at (x, y) in its GL coordinates (origin bottom-left).
    void resolve_into(GLuint draw_framebuffer, int x, int y) const;
    int width() const { return width_; }
    int height() const { return height_; }

private:
    void release();
    GLuint msaa_fbo_ = 0, msaa_color_ = 0;
    GLuint resolved_fbo_ = 0, resolved_color_ = 0;  // OpenGL ES only: the resolve before the copy
    int width_ = 0, height_ = 0, samples_ = 0;
};

// Pixels of `framebuffer` in the rectangle at (x, y) (GL coordinates, origin
// bottom-left), width x height, as RGBA8 with the top row first.
void read_framebuffer(GLuint framebuffer, int x, int y, int width, int height, unsigned char* rgba_top_down);

// The framebuffer a headless run draws the whole app into.
class OffscreenFramebuffer {
public:
    ~OffscreenFramebuffer();
    bool create(int width, int height, std::string& error);
    GLuint id() const { return fbo_; }
    // RGBA8, top row first.
    void read_pixels(int width, int height, unsigned char* rgba_top_down) const;

private:
    GLuint fbo_ = 0, color_ = 0;
};

// Clears the bound framebuffer (width x height pixels) to the colour and sets
// the state every scene draws in: straight-alpha blending, no depth, no scissor.
void begin_scene_draw(int width, int height, float red, float green, float blue);

// Points take their size from the vertex shader's gl_PointSize (OpenGL ES
// always does; desktop OpenGL when told).
void enable_point_size();

// A new 2D texture read texel by texel (grid cells, NPC data): nearest sampling, edges clamped (storage not made yet).
GLuint create_texel_texture();

std::string gl_description();  // "OpenGL 4.5 (Core Profile) Mesa 22.3.6, llvmpipe (LLVM 15.0.6, 256 bits)"

}  // namespace tsl::app
