// RUN: pyaffine-opt -split-input-file -verify-diagnostics %s
// affine.for's lower bound takes only `max`, its upper bound only `min`
// (AffineForOp's parseBound): the other keyword is where the bound's
// attribute should start.
func.func @upper_max(%N : index) {
  affine.for %i = 0 to max affine_map<(i)->(i, 100)>(%N) { // expected-error {{expected attribute value}}
  }
  return
}

// -----

func.func @lower_min(%N : index) {
  affine.for %i = min affine_map<(i)->(i, 100)>(%N) to 10 { // expected-error {{expected attribute value}}
  }
  return
}

// -----

// The keyword is reported before anything wrong in the map that follows it.
func.func @upper_max_undeclared_identifier(%N : index) {
  affine.for %i = 1 to max affine_map<(i)->(N, 100)> { // expected-error {{expected attribute value}}
  }
  return
}
