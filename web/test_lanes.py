"""The exposure scene's lanes ray caster in the page: there it walks eight
rays at a time in WebAssembly SIMD (core/exposure/exposure_rays.cpp, built
with -msimd128): the desktop's AVX2 set-up of each group on emulated 256-bit
lanes, then its walk on eight 16-bit lanes. The map must be the plain
caster's, cell for cell, in the page itself:

  - the program says its lanes are the SIMD path (tsl_web_lanes_simd);
  - on random grids (1 to 130 cells a side, walls from none to 60 %; eyes
    anywhere, on or beside an edge, and in a wall), the lanes' map and the
    plain caster's, whole and over a random range of cells, differ in no
    cell (app/web/web_lanes.cpp counts the cells compared and those
    that differ);
  - on grids 1447 cells a side, about the widest a level file holds, with
    few walls so that rays run most of the width (where the 16-bit lanes'
    values are largest), the lanes' map and free-runs' differ in no cell;
  - the lab keeps drawing afterwards, with no error in the console."""
import json

SEEDS = (1, 2, 3)
GRIDS = 200  # a seed's grids: about a quarter of a second in the page


def run(page, url):
    driver, check = page.driver, page.check
    state, status = page.load(url + 'index.html')
    if not check(state == 'ready', f'lanes: the page reaches "ready" (status: {status!r})'):
        return
    simd = driver.execute_script('return Module._tsl_web_lanes_simd();')
    check(simd == 1, f'the page\'s lanes ray caster is the WebAssembly SIMD path (tsl_web_lanes_simd: {simd})')
    cells = 0
    for seed in SEEDS:
        text = driver.execute_script('return UTF8ToString(Module._tsl_web_lanes_check(arguments[0], arguments[1]));',
                                     seed, GRIDS)
        result = json.loads(text)
        cells += result['cells']
        check(result['grids'] == GRIDS and result['eyes'] >= 2 * GRIDS and result['cells'] > 0 and result['differ'] == 0,
              f'seed {seed}: lanes and plain give the same map in the page ({result["differ"]} of {result["cells"]} '
              f'cells differ; {result["grids"]} grids, {result["eyes"]} eyes)')
    check(cells > 0, f'the lanes were compared over {cells} cells in all')
    result = json.loads(driver.execute_script('return UTF8ToString(Module._tsl_web_lanes_check_wide(arguments[0]));', 1))
    check(result['grids'] == 3 and result['eyes'] == 6 and result['cells'] > 0 and result['differ'] == 0,
          f'grids 1447 cells a side: lanes and free-runs give the same map in the page ({result["differ"]} of '
          f'{result["cells"]} cells differ; {result["grids"]} grids, {result["eyes"]} eyes)')
    check(page.drawing(), 'the lab keeps drawing after the comparison')
    page.check_console('lanes')
