// RUN: pyaffine-opt -split-input-file -verify-diagnostics --allow-unregistered-dialect %s
// scf.while's regions must end in scf.condition and scf.yield; the note
// points at the terminator found instead (SCF's verifyAndGetTerminator).
func.func @before() {
  // expected-error@+1 {{expects the 'before' region to terminate with 'scf.condition'}}
  scf.while : () -> () {
    // expected-note@+1 {{terminator here}}
    "some.other_terminator"() : () -> ()
  } do {
    scf.yield
  }
  return
}

// -----

func.func @after(%c: i1) {
  // expected-error@+1 {{expects the 'after' region to terminate with 'scf.yield'}}
  scf.while : () -> () {
    scf.condition(%c)
  } do {
    // expected-note@+1 {{terminator here}}
    "some.other_terminator"() : () -> ()
  }
  return
}
