// gl_util.h — small RAII wrappers for the GL objects the renderers use:
// one owning handle per kind of GL object (buffers, vertex arrays, textures,
// framebuffers, renderbuffers, programs), shader programs compiled from named
// files, and the multisampled render target every scene is drawn into.
//
// A class that holds its GL objects in these handles needs no destructor and
// no copy deletes of its own: it deletes them when it is destroyed, can be
// moved, and copying it does not compile. The GL context must still be
// current when a handle is destroyed (the platform outlives the app).
#pragma once

#include "app/render/gl.h"
#include "core/base/result.h"

#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace tsl::app {

// The one delete call of each kind of GL object, for GlObject.
namespace gl_delete {
inline void buffer(GLuint name) { glDeleteBuffers(1, &name); }
inline void vertex_array(GLuint name) { glDeleteVertexArrays(1, &name); }
inline void texture(GLuint name) { glDeleteTextures(1, &name); }
inline void framebuffer(GLuint name) { glDeleteFramebuffers(1, &name); }
inline void renderbuffer(GLuint name) { glDeleteRenderbuffers(1, &name); }
inline void program(GLuint name) { glDeleteProgram(name); }
}  // namespace gl_delete

// The name of one GL object, owned: deleted (with `Delete`) when the handle is
// destroyed or reset, moved but never copied; 0 — no object.
template <void (*Delete)(GLuint)>
class GlObject {
public:
    GlObject() = default;
    explicit GlObject(GLuint name) : name_(name) {}
    GlObject(GlObject&& other) noexcept : name_(std::exchange(other.name_, 0)) {}
    GlObject& operator=(GlObject&& other) noexcept {
        reset(std::exchange(other.name_, 0));
        return *this;
    }
    ~GlObject() { reset(); }

    GLuint id() const { return name_; }
    explicit operator bool() const { return name_ != 0; }
    // Deletes the object held (if any) and holds `name` instead.
    void reset(GLuint name = 0) {
        if (name_ && name_ != name) Delete(name_);
        name_ = name;
    }

private:
    GLuint name_ = 0;
};

using GlBuffer = GlObject<gl_delete::buffer>;
using GlVertexArray = GlObject<gl_delete::vertex_array>;
using GlTexture = GlObject<gl_delete::texture>;
using GlFramebuffer = GlObject<gl_delete::framebuffer>;
using GlRenderbuffer = GlObject<gl_delete::renderbuffer>;
using GlProgram = GlObject<gl_delete::program>;
static_assert(!std::is_copy_constructible_v<GlBuffer> && !std::is_copy_assignable_v<GlBuffer> &&
              std::is_nothrow_move_constructible_v<GlBuffer> && std::is_nothrow_move_assignable_v<GlBuffer>);

// New, empty objects (glGen*).
GlBuffer new_buffer();
GlVertexArray new_vertex_array();
GlTexture new_texture();
GlFramebuffer new_framebuffer();
GlRenderbuffer new_renderbuffer();

// The current context is OpenGL ES (3.0: WebGL 2 in a browser), not desktop OpenGL.
bool gl_is_es();

// A linked program. Compile and link errors name the shader file. In an
// OpenGL ES context the GLSL 3.30 sources are compiled as GLSL ES 3.00.
class ShaderProgram {
public:
    // Loads "shaders/<vertex>" and "shaders/<fragment>" and links them. A
    // non-empty `fragment_include` ("shaders/<file>") is inserted into the
    // fragment shader right after its #version line (shared GLSL functions).
    Status build(const std::string& vertex_file, const std::string& fragment_file, const std::string& fragment_include = "");
    // The same from sources in hand; the names only label errors.
    Status build_from_source(const std::string& vertex_name, const std::string& vertex_source, const std::string& fragment_name,
                             const std::string& fragment_source);

    GLuint id() const { return program_.id(); }
    // A uniform's location, asked of GL once per name and program: a page's
    // glGetUniformLocation goes out to JavaScript with the name as a string,
    // and the renderers set their uniforms by name every frame.
    GLint uniform(const char* name) const;

private:
    GlProgram program_;
    mutable std::vector<std::pair<std::string, GLint>> uniforms_;  // locations asked for, by name
};

// Multisampled colour target of a given size, resolved into another
// framebuffer (in OpenGL ES through a single-sampled one of its own).
class RenderTarget {
public:
    // (Re)creates storage when the size changes. Samples are capped by the driver.
    void ensure(int width, int height, int samples);
    void bind_for_drawing() const;  // binds the multisampled framebuffer and sets the viewport
    // Resolves into `draw_framebuffer` at (x, y) in its GL coordinates (origin bottom-left).
    void resolve_into(GLuint draw_framebuffer, int x, int y) const;
    int width() const { return width_; }
    int height() const { return height_; }

private:
    void release();
    GlFramebuffer msaa_fbo_;
    GlRenderbuffer msaa_color_;
    GlFramebuffer resolved_fbo_;  // OpenGL ES only: the resolve before the copy
    GlRenderbuffer resolved_color_;
    int width_ = 0, height_ = 0, samples_ = 0;
};

// Pixels of `framebuffer` in the rectangle at (x, y) (GL coordinates, origin
// bottom-left), width x height, as RGBA8 with the top row first.
void read_framebuffer(GLuint framebuffer, int x, int y, int width, int height, unsigned char* rgba_top_down);

// The framebuffer a headless run draws the whole app into.
class OffscreenFramebuffer {
public:
    Status create(int width, int height);
    GLuint id() const { return fbo_.id(); }
    // RGBA8, top row first.
    void read_pixels(int width, int height, unsigned char* rgba_top_down) const;

private:
    GlFramebuffer fbo_;
    GlRenderbuffer color_;
};

// Clears the bound framebuffer (width x height pixels) to the colour and sets
// the state every scene draws in: straight-alpha blending, no depth, no scissor.
void begin_scene_draw(int width, int height, float red, float green, float blue);

// Points take their size from the vertex shader's gl_PointSize (OpenGL ES
// always does; desktop OpenGL when told).
void enable_point_size();

// A new 2D texture read texel by texel (grid cells, NPC data): nearest sampling, edges clamped (storage not made yet).
GlTexture create_texel_texture();

std::string gl_description();

// The GL objects alive in the current context, found by asking for every
// name from 1 to `names` (glIsBuffer, glIsTexture, ...): what the lab made
// and ImGui's backend, counted from outside the wrappers above, so that a
// long run can tell whether any kind keeps growing (app/cli/class_run.h).
struct GlObjectCounts {
    int buffers = 0, textures = 0, vertex_arrays = 0, framebuffers = 0, renderbuffers = 0, programs = 0, shaders = 0;
    int total() const { return buffers + textures + vertex_arrays + framebuffers + renderbuffers + programs + shaders; }
    bool operator==(const GlObjectCounts&) const = default;
};
GlObjectCounts live_gl_objects(unsigned names = 1u << 16);  // "OpenGL 4.5 (Core Profile) Mesa 22.3.6, llvmpipe (LLVM 15.0.6, 256 bits)"

}  // namespace tsl::app
