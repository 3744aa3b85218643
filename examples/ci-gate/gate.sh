#!/bin/sh
# The CI gate (`npm run gate`): exit 1, after the report, when
#  - the client folder is not as generated (edited by hand, or another description than the one it records),
#  - the next API version (NEXT_API: a file or URL; default the facility's live description) breaks a call,
#  - the code needs more than a yellow client.
# The cheap checks first: `needs` type-checks the code.
# Exit 2 when a step could not run (an unreadable description, bad flags). `diff ... --code src` would also list the
# uses in src a change breaks and the type errors it causes, at the cost of two type checks.
set -eu
sfapi-gen generate --check --out src/sfapi
sfapi-gen diff src/sfapi "${NEXT_API:-https://api.nersc.gov/api/v1.2}" --fail-on breaking
sfapi-gen needs src --fail-above yellow
