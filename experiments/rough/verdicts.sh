#!/usr/bin/env bash
# The first line of `solve` on every figure of DIR with two builds, interleaved, and whether
# their verdicts agree (solved / impossible / exhausted / time limit; times left out).
#
#   [PIECES=SET] experiments/rough/verdicts.sh DIR BASE_TANGRAM NEW_TANGRAM [TIME_LIMIT_S]
set -euo pipefail
dir=$1 base=$2 new=$3 limit=${4:-20}
verdict() {  # the first line's verdict, without the figure's name and the times
  timeout $((limit + 30)) "$1" solve "$2" --time-limit "$limit" ${PIECES:+--pieces "$PIECES"} \
    2>/dev/null | grep -F "$2: " | head -1 | sed -e "s|^$2: ||" -e 's/ in [0-9.]* s with .*//' ||
    true
}
same=0 differ=0
for f in "$dir"/*.png; do
  a=$(verdict "$base" "$f") b=$(verdict "$new" "$f")
  if [ "$a" = "$b" ]; then same=$((same + 1)); else differ=$((differ + 1)); fi
  printf '%s | %s | %s\n' "$(basename "$f")" "$a" "$([ "$a" = "$b" ] && echo same || echo "$b")"
done
echo "same $same, differ $differ"
