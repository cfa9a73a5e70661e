"""Each kind of view's picture has its parts where the layout puts them.
Three views are loaded: a lesson step in the presenter view
(?lesson=timeslicing&step=3: no panel, the one plot under the scene), the
same step with the panel and the dock (set=presenter=false), and a preset
with no lesson (?preset=four-modes-10hz: the panel, the dock and four
panes). For each, the program reports its layout (tsl_web_layout in
app/web/web_checks.cpp: the panel, the scene's panes, the dock or the plot,
and the lesson card, as its frame computes them) and reads its canvas back;
each of those rectangles the view has, cut out of the picture, must hold a
drawing (several colours, and pixels other than the scene's background),
the panes must lie inside the scene, and a lesson's card right of it.
"""
import json

REGION_STATS = """
const done = arguments[arguments.length - 1];
const [path, rects, bg] = [arguments[0], arguments[1], arguments[2]];
const bytes = Module.FS.readFile(path);
createImageBitmap(new Blob([bytes], {type: 'image/png'})).then((bitmap) => {
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const context = canvas.getContext('2d');
  context.drawImage(bitmap, 0, 0);
  const out = {};
  for (const [name, r] of Object.entries(rects)) {
    const x = Math.max(0, Math.round(r[0])), y = Math.max(0, Math.round(r[1]));
    const w = Math.min(bitmap.width - x, Math.round(r[2])), h = Math.min(bitmap.height - y, Math.round(r[3]));
    if (w < 1 || h < 1) { out[name] = {pixels: 0, colours: 0, not_background: 0, most: 1}; continue; }
    const data = context.getImageData(x, y, w, h).data;
    const counts = new Map();
    let other = 0;
    for (let i = 0; i < data.length; i += 4) {
      const key = (data[i] >> 3) << 10 | (data[i + 1] >> 3) << 5 | (data[i + 2] >> 3);
      counts.set(key, (counts.get(key) || 0) + 1);
      if (Math.abs(data[i] - bg[0]) + Math.abs(data[i + 1] - bg[1]) + Math.abs(data[i + 2] - bg[2]) > 24) ++other;
    }
    let most = 0;
    for (const n of counts.values()) most = Math.max(most, n);
    const pixels = data.length / 4;
    out[name] = {pixels: pixels, colours: counts.size, not_background: other / pixels, most: most / pixels};
  }
  done(out);
}).catch((error) => done({error: String(error)}));
"""


# (link, picture, what the view must have, its panes): the rectangles a view
# has are checked whatever they are; these say which it must not lack.
VIEWS = [
    ('?lesson=timeslicing&step=3', 'layout-lesson-step3.png', {'lesson', 'plot'}, 2),
    ('?lesson=timeslicing&step=3&set=presenter=false', 'layout-lesson-step3-panel.png', {'lesson', 'panel', 'dock'}, 2),
    ('?preset=four-modes-10hz', 'layout-preset-four-modes.png', {'panel', 'dock'}, 4),
]


def check_view(page, url, link, picture, must_have, pane_count):
    driver, check = page.driver, page.check
    state, status = page.load(url + 'index.html' + link)
    if not check(state == 'ready', f'layout: {link} reaches "ready" (status: {status!r})'):
        return
    page.drawing()
    stats = page.picture(picture)
    layout = json.loads(page.call_text('tsl_web_layout'))
    print(f'test_browser: the layout of {link}: {json.dumps(layout)}')
    if not stats or 'scene' not in layout:
        check(False, f'layout: {link}: the program reports its layout and its picture')
        return
    scene = layout['scene']
    display_w, display_h = layout['display']
    has = {key for key in ('panel', 'dock', 'lesson', 'plot') if layout[key][2] >= 1 and layout[key][3] >= 1}
    check(must_have <= has, f'layout: {link} has the {", ".join(sorted(must_have))} (it has: {", ".join(sorted(has))})')
    if 'lesson' in has:
        lesson = layout['lesson']
        check(lesson[2] > 100 and lesson[3] > 100 and lesson[0] >= scene[0] + scene[2] - 1 and lesson[0] + lesson[2] <= display_w + 1,
              f'layout: {link}: the lesson card has its place right of the scene (card {lesson}, scene {scene}, display {display_w} x {display_h})')
    panes = layout['panes']
    inside = all(p[0] >= scene[0] - 1 and p[1] >= scene[1] - 1 and p[0] + p[2] <= scene[0] + scene[2] + 1 and p[1] + p[3] <= scene[1] + scene[3] + 1
                 for p in panes)
    check(len(panes) == pane_count and inside, f'layout: {link}: {pane_count} panes, each inside the scene ({panes})')
    # UI coordinates to the picture's pixels.
    scale = stats['width'] / display_w if display_w else 1
    names = {'lesson': 'lesson card', 'panel': 'panel', 'dock': 'dock', 'plot': 'plot under the scene'}
    rects = {names[key]: layout[key] for key in ('lesson', 'panel', 'dock', 'plot') if key in has}
    rects.update({f'pane {i + 1}': p for i, p in enumerate(panes)})
    scaled = {name: [v * scale for v in r] for name, r in rects.items()}
    regions = driver.execute_async_script(REGION_STATS, '/tmp/canvas.png', scaled, layout['background'])
    if 'error' in regions:
        check(False, f'layout: {link}: the picture decodes ({regions["error"]})')
        return
    for name, region in regions.items():
        print(f'test_browser: {link}: the picture\'s {name} at {[round(v) for v in scaled[name]]}: {region["colours"]} colours, '
              f'{region["not_background"]:.1%} not the background, the commonest colour on {region["most"]:.0%}')
        check(region['pixels'] > 0 and region['colours'] >= 8 and region['not_background'] >= 0.01 and region['most'] < 0.995,
              f'layout: {link}: the picture has a drawing where the layout puts the {name}')
    page.check_console(f'layout {link}')


def run(page, url):
    for link, picture, must_have, pane_count in VIEWS:
        check_view(page, url, link, picture, must_have, pane_count)
