#version 330 core
// The engine scene's agents, each one point sprite (agent.frag draws a disc
// coloured by its route with a mark at its heading). Agent data is pulled
// from a texture, one texel each, kAgentsPerRow a row; every instance of the
// draw covers a block of u_per_instance agents (software renderers pay per instance).

const int kAgentsPerRow = 1024;  // kAgentsPerRow in engine_renderer.cpp
uniform sampler2D u_agents;      // per agent: x, y (cells from the arena's corner), heading (radians), route state
uniform int u_count;             // agents in the buffer
uniform int u_per_instance;      // agents drawn by each instance
uniform float u_half_width;      // the arena spans [-u_half_width, u_half_width]^2 in world units
uniform vec2 u_viewport;         // drawing area, pixels
uniform vec2 u_origin;           // where world (0, 0) lands, pixels from the top-left
uniform float u_scale;           // pixels per world unit
uniform float u_sprite_px;       // point size, pixels

flat out vec2 v_heading;         // unit direction in pixel space (y down)
flat out float v_route;          // 0 none, 1 pending, 2 ready

void main() {
    int index = gl_InstanceID * u_per_instance + gl_VertexID;
    if (index >= u_count) {      // the last block's unused slots: outside the clip volume
        gl_Position = vec4(2.0, 2.0, 2.0, 1.0);
        gl_PointSize = 1.0;
        v_heading = vec2(1.0, 0.0);
        v_route = 0.0;
        return;
    }
    vec4 agent = texelFetch(u_agents, ivec2(index % kAgentsPerRow, index / kAgentsPerRow), 0);
    vec2 world = agent.xy - vec2(u_half_width);
    vec2 px = u_origin + vec2(world.x, -world.y) * u_scale;
    gl_Position = vec4(px.x / u_viewport.x * 2.0 - 1.0, 1.0 - px.y / u_viewport.y * 2.0, 0.0, 1.0);
    gl_PointSize = u_sprite_px;
    v_heading = vec2(cos(agent.z), -sin(agent.z));
    v_route = agent.w;
}
