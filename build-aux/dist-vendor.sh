#!/bin/sh
# meson dist: put every crate in the tarball (vendor/) with the cargo
# config that points at it, so the release builds with no network (Flatpak).
set -eu
cd "$MESON_DIST_ROOT"
mkdir -p .cargo
cargo vendor --locked --manifest-path Cargo.toml vendor > .cargo/config.toml 2>/dev/null
