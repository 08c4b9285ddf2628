#!/usr/bin/env bash
# Set up (once) and open the editor on a bundled sample; without a display it says so and shows the
# headless commands instead.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
exec .venv/bin/dambuster-editor "${1:-samples/ogre-dambusters-valley.json}"
