"""The lit test format of upstream/ (see upstream/lit.local.cfg): upstream
MLIR test files of the shared corpus, run in place with their
own RUN lines and FileCheck prefixes, pyaffine-opt standing in for mlir-opt.

Each file runs twice: as written, and with every pass flag respelt as a
`--pass-pipeline` (`-test-loop-permutation="m=1,0"` becomes
`--pass-pipeline="builtin.module(func.func(test-loop-permutation{m=1,0}))"`),
so the same checks hold for both spellings."""

import copy
import os
import re

import lit.formats
import lit.Test
import lit.TestRunner as runner

# (parallelize.mlir is newer than mlir-opt 22, which fails its checks of
# memref.dealloc in a loop.)
UPSTREAM_FILES = ["loop-permute.mlir", "memref-dependence-check.mlir", "loop-tiling.mlir"]
# -pass-name="options" (or -pass-name=options): the passes these files use.
PASS_FLAG = re.compile(r'(?<=\s)-(test-loop-permutation|test-memref-dependence-check|affine-loop-tile)'
                       r'(?:="([^"]*)"|=(\S+))?')


def as_pipeline(line: str) -> str:
    def element(match):
        options = match.group(2) or match.group(3)
        return match.group(1) + (f"{{{options}}}" if options else "")
    matches = list(PASS_FLAG.finditer(line))
    if not matches:
        return line
    passes = ",".join(element(m) for m in matches)
    pipeline = f'--pass-pipeline="builtin.module(func.func({passes}))"'
    first = matches[0]
    return line[:first.start()] + pipeline + PASS_FLAG.sub("", line[first.end():])


class SharedFileTest(lit.Test.Test):
    """A test whose source is a file outside the suite."""

    def getSourcePath(self):
        return self.file_path


class UpstreamFiles(lit.formats.ShTest):
    def __init__(self, folder):
        super().__init__(execute_external=False)
        self.folder = folder

    def getTestsInDirectory(self, suite, path_in_suite, lit_config, local_config):
        if not self.folder:
            return
        for name in UPSTREAM_FILES:
            path = os.path.join(self.folder, name)
            if not os.path.isfile(path):
                continue
            for spelling in ("flags", "pass-pipeline"):
                test_config = copy.copy(local_config)
                test_config.spelling = spelling
                yield SharedFileTest(suite, path_in_suite + (f"{name}.{spelling}",),
                                     test_config, file_path=path)

    def execute(self, test, lit_config):
        # lit's executeShTest, with the RUN lines respelt before substitution.
        parsed = runner.parseIntegratedTestScript(test, require_script=True)
        if isinstance(parsed, lit.Test.Result):
            return parsed
        if test.config.spelling == "pass-pipeline":
            for directive in parsed:
                if hasattr(directive, "command"):       # a RUN line
                    directive.command = as_pipeline(directive.command)
        tmp_dir, tmp_base = runner.getTempPaths(test)
        substitutions = runner.getDefaultSubstitutions(test, tmp_dir, tmp_base)
        conditions = {feature: True for feature in test.config.available_features}
        script = runner.applySubstitutions(parsed, substitutions, conditions,
                                           recursion_limit=test.config.recursiveExpansionLimit)
        return runner._runShTest(test, lit_config, False, script, tmp_base)
