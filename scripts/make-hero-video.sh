#!/usr/bin/env bash
# Generates the home page's hero clip and poster from nothing but ffmpeg's test sources:
# slowly drifting navy gradients with a faint grid of "network" lines. No downloads.
# Output (committed, so builds need no ffmpeg): public/media/hero.webm, hero.mp4, hero-poster.webp
#
# The clip is deliberately tiny (256x144): it is scaled up behind a scrim, and its small intrinsic
# size keeps the hero text, not the video, the page's largest contentful paint.
set -euo pipefail
command -v ffmpeg >/dev/null || { echo "ffmpeg is needed: apt-get install -y ffmpeg" >&2; exit 1; }
out="$(dirname "$0")/../public/media"
mkdir -p "$out"
src="gradients=s=256x144:r=24:d=12:speed=0.012:n=4:c0=0x0b1f3a:c1=0x1a3d6e:c2=0x071429:c3=0x2a4f86:seed=7"
grid="drawgrid=w=32:h=32:t=1:c=0x93c5fd@0.10"
vf="$grid,format=yuv420p"
ffmpeg -y -loglevel error -f lavfi -i "$src" -vf "$vf" -an -c:v libvpx-vp9 -b:v 0 -crf 42 -row-mt 1 "$out/hero.webm"
ffmpeg -y -loglevel error -f lavfi -i "$src" -vf "$vf" -an -c:v libx264 -profile:v baseline -crf 30 -movflags +faststart "$out/hero.mp4"
ffmpeg -y -loglevel error -f lavfi -i "$src" -vf "$grid" -frames:v 1 -c:v libwebp -quality 70 "$out/hero-poster.webp"
ls -l "$out"
