#include "app/render/gl_util.h"

#include "app/render/shader_sources.h"

#include <algorithm>
#include <vector>

namespace tsl::app {

namespace {

std::string info_log(GLuint object, bool is_program) {
    GLint length = 0;
    if (is_program) glGetProgramiv(object, GL_INFO_LOG_LENGTH, &length);
    else glGetShaderiv(object, GL_INFO_LOG_LENGTH, &length);
    std::string log(std::max(length, 1), '\0');
    if (is_program) glGetProgramInfoLog(object, length, nullptr, log.data());
    else glGetShaderInfoLog(object, length, nullptr, log.data());
    while (!log.empty() && (log.back() == '\0' || log.back() == '\n')) log.pop_back();
    return log;
}

// The shaders in shaders/ are GLSL 3.30 core. OpenGL ES 3.0 (WebGL 2 in a
// browser) takes them as GLSL ES 3.00: its #version line, and default
// precisions where ES has none, in place of their first line (the line
// numbers of errors stay those of the file).
std::string for_context(const std::string& source) {
    if (!gl_is_es() || source.rfind("#version 330 core", 0) != 0) return source;
    return "#version 300 es\n"
           "precision highp float; precision highp int; precision highp sampler2D; precision highp usampler2D;\n"
           "#line 2\n" +
           source.substr(source.find('\n') + 1);
}

Result<GLuint> compile(GLenum stage, const std::string& name, const std::string& original_source) {
    const GLuint shader = glCreateShader(stage);
    const std::string source = for_context(original_source);
    const char* text = source.c_str();
    glShaderSource(shader, 1, &text, nullptr);
    glCompileShader(shader);
    GLint ok = GL_FALSE;
    glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
    if (!ok) {
        Failed failed{"shader " + name + " does not compile: " + info_log(shader, false)};
        glDeleteShader(shader);
        return failed;
    }
    return shader;
}

// A new object of a kind glGen* makes, owned.
template <class Object>
Object generated(void (*generate)(GLsizei, GLuint*)) {
    GLuint name = 0;
    generate(1, &name);
    return Object(name);
}

}  // namespace

bool gl_is_es() {
    static const bool es = [] {
        const auto* version = reinterpret_cast<const char*>(glGetString(GL_VERSION));
        return version && std::string(version).rfind("OpenGL ES", 0) == 0;
    }();
    return es;
}

GlBuffer new_buffer() { return generated<GlBuffer>(glGenBuffers); }
GlVertexArray new_vertex_array() { return generated<GlVertexArray>(glGenVertexArrays); }
GlTexture new_texture() { return generated<GlTexture>(glGenTextures); }
GlFramebuffer new_framebuffer() { return generated<GlFramebuffer>(glGenFramebuffers); }
GlRenderbuffer new_renderbuffer() { return generated<GlRenderbuffer>(glGenRenderbuffers); }

Status ShaderProgram::build(const std::string& vertex_file, const std::string& fragment_file, const std::string& fragment_include) {
    std::string vertex_name = "shaders/" + vertex_file, fragment_name = "shaders/" + fragment_file;
    const Result<std::string> vertex_source = load_shader_source(vertex_name);
    if (!vertex_source) return vertex_source.failure();
    Result<std::string> fragment_source = load_shader_source(fragment_name);
    if (!fragment_source) return fragment_source.failure();
    if (!fragment_include.empty()) {
        const std::string include_name = "shaders/" + fragment_include;
        const Result<std::string> include_source = load_shader_source(include_name);
        if (!include_source) return include_source.failure();
        const std::size_t after_version = fragment_source->find('\n') + 1;
        fragment_source->insert(after_version, *include_source + "\n#line 2\n");
        fragment_name += " (with " + include_name + ")";
    }
    return build_from_source(vertex_name, *vertex_source, fragment_name, *fragment_source);
}

Status ShaderProgram::build_from_source(const std::string& vertex_name, const std::string& vertex_source,
                                        const std::string& fragment_name, const std::string& fragment_source) {
    const Result<GLuint> compiled_vs = compile(GL_VERTEX_SHADER, vertex_name, vertex_source);
    if (!compiled_vs) return compiled_vs.failure();
    const GLuint vs = *compiled_vs;
    const Result<GLuint> compiled_fs = compile(GL_FRAGMENT_SHADER, fragment_name, fragment_source);
    if (!compiled_fs) {
        glDeleteShader(vs);
        return compiled_fs.failure();
    }
    const GLuint fs = *compiled_fs;
    const GLuint program = glCreateProgram();
    glAttachShader(program, vs);
    glAttachShader(program, fs);
    glLinkProgram(program);
    glDeleteShader(vs);
    glDeleteShader(fs);
    GLint ok = GL_FALSE;
    glGetProgramiv(program, GL_LINK_STATUS, &ok);
    if (!ok) {
        Failed failed{"shaders " + vertex_name + " + " + fragment_name + " do not link: " + info_log(program, true)};
        glDeleteProgram(program);
        return failed;
    }
    program_.reset(program);
    uniforms_.clear();
    return {};
}

GLint ShaderProgram::uniform(const char* name) const {
    for (const auto& [known, location] : uniforms_)
        if (known == name) return location;
    const GLint location = glGetUniformLocation(program_.id(), name);
    uniforms_.emplace_back(name, location);
    return location;
}

void RenderTarget::release() {
    msaa_fbo_.reset();
    msaa_color_.reset();
    resolved_fbo_.reset();
    resolved_color_.reset();
    width_ = height_ = 0;
}

void RenderTarget::ensure(int width, int height, int samples) {
    GLint max_samples = 1;
    glGetIntegerv(GL_MAX_SAMPLES, &max_samples);
    samples = std::clamp(samples, 1, std::max(1, static_cast<int>(max_samples)));
    if (width == width_ && height == height_ && samples == samples_ && msaa_fbo_) return;
    release();
    width_ = width;
    height_ = height;
    samples_ = samples;
    msaa_color_ = new_renderbuffer();
    glBindRenderbuffer(GL_RENDERBUFFER, msaa_color_.id());
    glRenderbufferStorageMultisample(GL_RENDERBUFFER, samples, GL_RGBA8, width, height);
    msaa_fbo_ = new_framebuffer();
    glBindFramebuffer(GL_FRAMEBUFFER, msaa_fbo_.id());
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, msaa_color_.id());
    if (!gl_is_es()) return;
    resolved_color_ = new_renderbuffer();
    glBindRenderbuffer(GL_RENDERBUFFER, resolved_color_.id());
    glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, width, height);
    resolved_fbo_ = new_framebuffer();
    glBindFramebuffer(GL_FRAMEBUFFER, resolved_fbo_.id());
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, resolved_color_.id());
}

void RenderTarget::bind_for_drawing() const {
    glBindFramebuffer(GL_FRAMEBUFFER, msaa_fbo_.id());
    glViewport(0, 0, width_, height_);
}

void RenderTarget::resolve_into(GLuint draw_framebuffer, int x, int y) const {
    glBindFramebuffer(GL_READ_FRAMEBUFFER, msaa_fbo_.id());
    if (resolved_fbo_) {
        // OpenGL ES resolves a multisampled framebuffer only into the same
        // rectangle: resolved first, then copied to (x, y).
        glBindFramebuffer(GL_DRAW_FRAMEBUFFER, resolved_fbo_.id());
        glBlitFramebuffer(0, 0, width_, height_, 0, 0, width_, height_, GL_COLOR_BUFFER_BIT, GL_NEAREST);
        glBindFramebuffer(GL_READ_FRAMEBUFFER, resolved_fbo_.id());
    }
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, draw_framebuffer);
    glBlitFramebuffer(0, 0, width_, height_, x, y, x + width_, y + height_, GL_COLOR_BUFFER_BIT, GL_NEAREST);
    glBindFramebuffer(GL_FRAMEBUFFER, draw_framebuffer);
}

Status OffscreenFramebuffer::create(int width, int height) {
    color_ = new_renderbuffer();
    glBindRenderbuffer(GL_RENDERBUFFER, color_.id());
    glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, width, height);
    fbo_ = new_framebuffer();
    glBindFramebuffer(GL_FRAMEBUFFER, fbo_.id());
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, color_.id());
    if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
        return Failed{"cannot create a " + std::to_string(width) + " x " + std::to_string(height) + " offscreen framebuffer"};
    return {};
}

void begin_scene_draw(int width, int height, float red, float green, float blue) {
    glViewport(0, 0, width, height);
    glClearColor(red, green, blue, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    glEnable(GL_BLEND);
    glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
    glDisable(GL_DEPTH_TEST);
    glDisable(GL_SCISSOR_TEST);
}

void enable_point_size() {
#ifdef GL_PROGRAM_POINT_SIZE
    if (!gl_is_es()) glEnable(GL_PROGRAM_POINT_SIZE);
#endif
}

GlTexture create_texel_texture() {
    GlTexture texture = new_texture();
    glBindTexture(GL_TEXTURE_2D, texture.id());
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    glBindTexture(GL_TEXTURE_2D, 0);
    return texture;
}

void read_framebuffer(GLuint framebuffer, int x, int y, int width, int height, unsigned char* rgba_top_down) {
    std::vector<unsigned char> bottom_up(static_cast<std::size_t>(width) * height * 4);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, framebuffer);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadPixels(x, y, width, height, GL_RGBA, GL_UNSIGNED_BYTE, bottom_up.data());
    const std::size_t row = static_cast<std::size_t>(width) * 4;
    for (int r = 0; r < height; ++r)
        std::copy_n(&bottom_up[(height - 1 - r) * row], row, rgba_top_down + r * row);
}

void OffscreenFramebuffer::read_pixels(int width, int height, unsigned char* rgba_top_down) const {
    read_framebuffer(fbo_.id(), 0, 0, width, height, rgba_top_down);
}

std::string gl_description() {
    auto text = [](GLenum name) {
        const auto* s = reinterpret_cast<const char*>(glGetString(name));
        return std::string(s ? s : "?");
    };
    return "OpenGL " + text(GL_VERSION) + ", " + text(GL_RENDERER);
}

GlObjectCounts live_gl_objects(unsigned names) {
    GlObjectCounts c;
    for (GLuint name = 1; name <= names; ++name) {
        c.buffers += glIsBuffer(name) == GL_TRUE;
        c.textures += glIsTexture(name) == GL_TRUE;
        c.vertex_arrays += glIsVertexArray(name) == GL_TRUE;
        c.framebuffers += glIsFramebuffer(name) == GL_TRUE;
        c.renderbuffers += glIsRenderbuffer(name) == GL_TRUE;
        c.programs += glIsProgram(name) == GL_TRUE;
        c.shaders += glIsShader(name) == GL_TRUE;
    }
    return c;
}

}  // namespace tsl::app
