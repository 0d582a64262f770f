#!/bin/sh
# Makes every picture the README shows, with the current build, as the README says each was
# made. Run from the repository's root after `./lab build`; the window's pictures need
# xvfb-run (Debian package xvfb). Look at each picture before committing it.
set -e
app=build/src/app/pmglab
cli=build/pmglab-cli
for tool in "$app" "$cli"; do
    [ -x "$tool" ] || { echo "readme-pictures: $tool is missing; run ./lab build first" >&2; exit 1; }
done

# The window after 30 frames, written as a PNG (pmglab --screenshot), on a virtual screen.
window() {
    out=$1
    shift
    xvfb-run -a -s "-screen 0 2000x1200x24" "$app" --frames 30 --screenshot "$out" "$@"
}

window docs/app-default.png --size 1600 --height 1000 assets/scenes/default.json
window docs/app-disagreement.png --size 1600 --height 1000 --select hotspot:P0PL.P1 \
    --hide "Objects,Registers,Playfield,Layers,Lessons,Program,Memory,Display list,Appearances" \
    assets/scenes/default.json
window docs/app-appearances.png --size 1600 --height 1000 --show Appearances assets/scenes/line-writes-reuse.json
window docs/app-template-game.png --size 1600 --height 1000 --new game-layout --all-overlays
window docs/app-lesson-presentation.png --size 1920 --height 1080 --ui-scale 1.75 --hide Sweep \
    assets/lessons/03-*.json
window docs/app-sweep.png --size 1600 --height 1000 --show Sweep assets/scenes/default.json

"$cli" render assets/scenes/default.json --png docs/default-scene.png --scale 2 --overlay
"$cli" sweep assets/scenes/default.json --a P0 --b P1 --png docs/sweep-default.png >/dev/null
echo "readme-pictures: docs/app-*.png, docs/default-scene.png and docs/sweep-default.png made by this build"
