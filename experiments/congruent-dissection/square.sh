# Sourced by run.sh and bench.sh (not run): square N prints the n x n square as a text grid,
# less its centre square for odd n (the figures of OEIS A003155 and A006067).
square() {
  local n=$1 r c line
  for ((r = 0; r < n; r++)); do
    line=
    for ((c = 0; c < n; c++)); do
      if ((n % 2 == 1 && r == n / 2 && c == n / 2)); then line+=.; else line+='#'; fi
    done
    echo "$line"
  done
}
