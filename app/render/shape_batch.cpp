#include "app/render/shape_batch.h"

#include <cstddef>

namespace tsl::app {

namespace {

constexpr float kQuadAlong[6] = {0, 1, 1, 0, 1, 0}, kQuadAcross[6] = {-1, -1, 1, -1, 1, 1};

void attribute(GLuint index, GLint size, GLenum type, GLsizei stride, std::size_t offset) {
    glEnableVertexAttribArray(index);
    glVertexAttribPointer(index, size, type, type == GL_UNSIGNED_BYTE ? GL_TRUE : GL_FALSE, stride,
                          reinterpret_cast<const void*>(offset));
}

template <class T>
void upload(GLuint buffer, const std::vector<T>& data) {
    glBindBuffer(GL_ARRAY_BUFFER, buffer);
    // Orphan last frame's storage: the driver need not wait for its draw.
    glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(data.size() * sizeof(T)), data.data(), GL_STREAM_DRAW);
}

}  // namespace

void use_view(const ShaderProgram& program, const ViewTransform& view, int width, int height) {
    glUseProgram(program.id());
    glUniform2f(program.uniform("u_viewport"), static_cast<float>(width), static_cast<float>(height));
    glUniform2f(program.uniform("u_origin"), static_cast<float>(view.origin_px.x), static_cast<float>(view.origin_px.y));
    glUniform1f(program.uniform("u_scale"), static_cast<float>(view.pixels_per_unit));
}

Status ShapeBatch::init() {
    if (Status built = segment_mesh_.program.build("segment.vert", "segment.frag"); !built) return built;
    if (Status built = disc_mesh_.program.build("disc.vert", "disc.frag"); !built) return built;
    for (Mesh* mesh : {&segment_mesh_, &disc_mesh_}) {
        mesh->vao = new_vertex_array();
        mesh->buffer = new_buffer();
    }
    glBindVertexArray(segment_mesh_.vao.id());
    glBindBuffer(GL_ARRAY_BUFFER, segment_mesh_.buffer.id());
    constexpr GLsizei kSegment = sizeof(SegmentVertex);
    // The shaders read a segment's ends as one vec4, and a disc's centre and radius as one vec3.
    static_assert(offsetof(SegmentVertex, b) == offsetof(SegmentVertex, a) + sizeof(glm::vec2));
    static_assert(offsetof(DiscVertex, radius) == offsetof(DiscVertex, centre) + sizeof(glm::vec2));
    attribute(0, 4, GL_FLOAT, kSegment, offsetof(SegmentVertex, a));
    attribute(1, 2, GL_FLOAT, kSegment, offsetof(SegmentVertex, corner));
    attribute(2, 4, GL_UNSIGNED_BYTE, kSegment, offsetof(SegmentVertex, rgba));
    glBindVertexArray(disc_mesh_.vao.id());
    glBindBuffer(GL_ARRAY_BUFFER, disc_mesh_.buffer.id());
    constexpr GLsizei kDisc = sizeof(DiscVertex);
    attribute(0, 3, GL_FLOAT, kDisc, offsetof(DiscVertex, centre));
    attribute(1, 2, GL_FLOAT, kDisc, offsetof(DiscVertex, corner));
    attribute(2, 4, GL_UNSIGNED_BYTE, kDisc, offsetof(DiscVertex, fill));
    attribute(3, 4, GL_UNSIGNED_BYTE, kDisc, offsetof(DiscVertex, outline));
    glBindVertexArray(0);
    return {};
}

void ShapeBatch::add_segment(Vec2 a, Vec2 b, Rgba colour) {
    const std::uint32_t rgba = colour.packed();
    for (int corner = 0; corner < 6; ++corner)
        segments_.push_back({glm::vec2(a), glm::vec2(b), {kQuadAlong[corner], kQuadAcross[corner]}, rgba});
}

void ShapeBatch::add_disc(Vec2 centre, double radius, Rgba fill, Rgba outline) {
    const std::uint32_t f = fill.packed(), o = outline.packed();
    for (int corner = 0; corner < 6; ++corner)
        discs_.push_back({glm::vec2(centre), static_cast<float>(radius), {2 * kQuadAlong[corner] - 1, kQuadAcross[corner]}, f, o});
}

template <class Vertex>
void ShapeBatch::Mesh::draw(std::vector<Vertex>& vertices, const char* width_uniform, float width_px, const ViewTransform& view, int width,
                            int height) const {
    if (vertices.empty()) return;
    use_view(program, view, width, height);
    glUniform1f(program.uniform(width_uniform), width_px);
    upload(buffer.id(), vertices);
    glBindVertexArray(vao.id());
    glDrawArrays(GL_TRIANGLES, 0, static_cast<GLsizei>(vertices.size()));
    vertices.clear();
}

void ShapeBatch::draw(const ViewTransform& view, int width, int height, float line_half_width_px, float outline_px) {
    segment_mesh_.draw(segments_, "u_half_width_px", line_half_width_px, view, width, height);
    disc_mesh_.draw(discs_, "u_outline_px", outline_px, view, width, height);
    glBindVertexArray(0);
}

}  // namespace tsl::app
