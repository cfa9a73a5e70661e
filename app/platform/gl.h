// gl.h — the OpenGL 3.3 core API, through the loader glad generates at build
// time. Include this (never a system GL header) in app code that calls GL.
#pragma once

#include <glad/gl.h>
