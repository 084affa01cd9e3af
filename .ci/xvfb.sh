# xvfb.sh, sourced by the e2e scripts: a private Xvfb on a display no one
# else holds (Xvfb refuses a display whose lock another server has, and
# says the number once it is ready: -displayfd, so a refused one is tried
# no further), what it says kept in $work/xvfb.log. Needs $work.

# xvfb_start GEOMETRY (e.g. 1280x800x24): starts it, exports DISPLAY and
# sets xv to its pid.
xvfb_start() {
  xvgeom=$1
  for n in $(shuf -i 400-699 -n 40); do
    : >"$work/display"
    Xvfb ":$n" -displayfd 3 -screen 0 "$xvgeom" -nolisten tcp 3>"$work/display" >>"$work/xvfb.log" 2>&1 &
    xv=$!
    for i in $(seq 1 100); do
      [ -s "$work/display" ] && break
      kill -0 $xv 2>/dev/null || break
      sleep 0.1
    done
    [ -s "$work/display" ] && { export DISPLAY=:$n; return 0; }
    kill $xv 2>/dev/null || true
    xv=
  done
  echo "$(basename "$0"): Xvfb found no free display" >&2
  exit 1
}

# xvfb_alive: before a session of the app, starts Xvfb again if it has
# exited since the last one, and says so with what it said: the X server
# keeps nothing a session needs (the database does), and one that fell
# over between two sessions is not the app's failure.
xvfb_alive() {
  kill -0 "$xv" 2>/dev/null && [ -S "/tmp/.X11-unix/X${DISPLAY#:}" ] && return 0
  echo "$(basename "$0"): Xvfb on $DISPLAY (pid $xv) had exited between two sessions; it said:" >&2
  cat "$work/xvfb.log" >&2
  xvfb_start "$xvgeom"
}
