// gl.h — the OpenGL API: 3.3 core through the loader glad generates at build
// time on the desktop; OpenGL ES 3.0 (WebGL 2) in the browser build, whose GL
// functions emscripten provides. Include this (never a system GL header) in
// app code that calls GL; code written for both uses their common part.
#pragma once

#ifdef __EMSCRIPTEN__
#include <GLES3/gl3.h>
#else
#include <glad/gl.h>
#endif
