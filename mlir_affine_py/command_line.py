"""LLVM's command-line conventions, for the driver (llvm/lib/Support/
CommandLine.cpp, mlir/lib/Pass/PassRegistry.cpp):

- an argument is an option with one or two dashes (`-o`, `--mlir-timing`),
  `name=value` or, for an option that needs a value, the next argument;
  `--` ends the options; a one-letter option may be glued to others
  (`-hx`), as LLVM groups them;
- every error is reported and reading goes on, so that one run names every
  unknown argument; an unknown one gets LLVM's "Did you mean" with the
  nearest option by edit distance (`LookupNearestOption`);
- `--help` and `--list-passes` are laid out as LLVM and MLIR lay them out:
  one description column for every option, pass and pass option.

`CommandLine.parse` only reads; it returns the events of the arguments in
order (an option and its value, a pass, the input, an error line), which the
driver applies.
"""

from __future__ import annotations

# The kinds of value an option takes (cl::ValueExpected and its parser).
FLAG = "flag"                # a boolean, `-x` or `-x=false`
NO_VALUE = "no-value"        # cl::ValueDisallowed (`--help`)
VALUE = "value"              # cl::ValueRequired: `-x=v` or `-x v`
OPTIONAL = "optional"        # cl::ValueOptional string: `-x` or `-x=v`
PASS_NAMES = "pass-names"    # a comma-separated list of pass arguments


# Plain classes, not dataclasses: `dataclasses` imports `inspect`, a
# sixth of the tool's start-up, for what two small classes need.
class CLOption:
    """One option of the driver: its name (without dashes), its help, the
    kind of value it takes, the field of the driver's options it sets (by
    default the name without `mlir-`, `_` for `-`), and for an enumeration
    the values with their help (`values`: [(value, help)])."""

    __slots__ = ("name", "help", "kind", "field", "value_name", "values", "category", "hidden")

    def __init__(self, name: str, help: str, kind: str = FLAG, field: str = "",
                 value_name: str = "", values: list | None = None,
                 category: str = "General options", hidden: bool = False):
        self.name, self.help, self.kind, self.value_name = name, help, kind, value_name
        self.field = field or name.removeprefix("mlir-").replace("-", "_")
        self.values = [] if values is None else values
        self.category, self.hidden = category, hidden


class Event:
    """What one argument said: `option` (a CLOption) with `value`, a pass
    (`pass_name`, its option text), the input (`positional`) or an error
    line (`error`)."""

    __slots__ = ("option", "value", "pass_name", "positional", "error")

    def __init__(self, option: CLOption | None = None, value: object = None,
                 pass_name: str = "", positional: str | None = None, error: str = ""):
        self.option, self.value, self.pass_name = option, value, pass_name
        self.positional, self.error = positional, error


def parse_bool(text: str):
    """LLVM's `parser<bool>`: None when `text` is not a boolean."""
    if text in ("", "true", "TRUE", "True", "1"):
        return True
    if text in ("false", "FALSE", "False", "0"):
        return False
    return None


def print_arg(name: str) -> str:
    """An option as LLVM writes it: one dash for one letter, else two."""
    return ("-" if len(name) == 1 else "--") + name


def edit_distance(a: str, b: str) -> int:
    """Levenshtein distance with replacements (StringRef::edit_distance)."""
    previous = list(range(len(b) + 1))
    for i, char_a in enumerate(a, 1):
        current = [i]
        for j, char_b in enumerate(b, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1,
                               previous[j - 1] + (char_a != char_b)))
        previous = current
    return previous[-1]


class CommandLine:
    """The options and passes of a tool, read and shown as LLVM does."""

    def __init__(self, program: str, overview: str, positional_help: str, options: list,
                 is_pass, pass_names, passes, category_help=None):
        self.program = program
        self.category_help = category_help or {}   # {category: its description}
        self.overview = overview
        self.positional_help = positional_help
        self.options = {option.name: option for option in options}
        self.is_pass = is_pass        # callables: whether an argument names a pass,
        self.pass_names = pass_names  # every pass argument (these two import no pass),
        self.passes = passes          # and {argument: Pass class}, sorted

    # ------------------------------------------------------------- reading
    def parse(self, argv) -> list[Event]:
        events: list[Event] = []
        index, dash_dash = 0, False
        while index < len(argv):
            arg = argv[index]
            index += 1
            if dash_dash or not arg.startswith("-") or arg == "-":
                events.append(Event(positional=arg))
                continue
            if arg == "--":
                dash_dash = True
                continue
            name = arg[2:] if arg.startswith("--") else arg[1:]
            key, has_value, value = name.partition("=")
            option = self.options.get(key)
            if option is None and self.is_pass(key):
                events.append(Event(pass_name=key, value=value if has_value else ""))
                continue
            if option is None:
                grouped, left = self._grouped(name, argv, index, events)
                if grouped is None:
                    events.append(Event(error=self._unknown(arg, left)))
                else:
                    index = grouped
                continue
            index = self._provide(option, key, value if has_value else None, argv, index,
                                  events)
        return events

    def _provide(self, option: CLOption, name: str, value, argv, index: int,
                 events: list) -> int:
        """LLVM's ProvideOption: the value an option takes, or its error."""
        def error(message: str) -> None:
            events.append(Event(error=f"for the {print_arg(name)} option: {message}"))
        if option.kind == NO_VALUE:
            if value is not None:
                error(f"does not allow a value! '{value}' specified.")
            else:
                events.append(Event(option=option, value=True))
        elif option.kind == FLAG:
            parsed = parse_bool(value or "")
            if parsed is None:
                error(f"'{value}' is invalid value for boolean argument! Try 0 or 1")
            else:
                events.append(Event(option=option, value=parsed))
        elif option.kind == VALUE and value is None:
            if index >= len(argv):
                error("requires a value!")
            else:
                index = self._provide(option, name, argv[index], argv, index + 1, events)
        elif option.kind == PASS_NAMES:
            for item in (value or "").split(","):
                if not self.is_pass(item):
                    error(f"Cannot find option named '{item}'!")
                    break
                events.append(Event(option=option, value=item))
        elif option.values and (value or "") not in dict(option.values):
            error(f"Cannot find option named '{value}'!")
        else:
            events.append(Event(option=option, value=value or ""))
        return index

    def _grouped(self, name: str, argv, index: int, events: list):
        """`-hx`: one-letter options glued together or to a value (LLVM's
        HandlePrefixedOrGroupedOption).  Returns (the index of the next
        argument or None when `name` is no such group, the name left to
        look the nearest option up for, as LLVM leaves it)."""
        if len(name) < 2 or name[:1] not in self.options:
            return None, name
        while True:
            option = self.options.get(name[:1])
            if option is None:
                return None, name
            rest = name[1:]
            if not rest or rest.startswith("="):
                return self._provide(option, name[0], rest[1:] if rest else None, argv,
                                     index, events), name
            if option.kind == VALUE:
                events.append(Event(error=f"for the {print_arg(name[0])} option: "
                                          "may not occur within a group!"))
                return None, name[0]
            self._provide(option, name[0], None, argv, index, events)
            name = rest

    def _unknown(self, arg: str, name: str) -> str:
        text = (f"Unknown command line argument '{arg}'.  Try: '{self.program} --help'")
        nearest = self.nearest(name)
        if nearest:
            text += f"\n{self.program}: Did you mean '{print_arg(nearest)}'?"
        return text

    def nearest(self, name: str) -> str | None:
        """LLVM's LookupNearestOption: the option (or pass) nearest to `name`
        by edit distance, its `=value` kept where the option takes one.  Of
        equally near ones the first wins; LLVM goes through its options in
        the order of a hash table, this through the names in sorted order."""
        if not name:
            return None
        left, _, right = name.partition("=")
        candidates = [(option.name, option.kind != NO_VALUE) for option in self.options.values()]
        candidates += [(argument, True) for argument in self.pass_names()]
        best, best_distance = None, 0
        for candidate, permits_value in sorted(candidates):
            distance = edit_distance(candidate, left if permits_value else name)
            if best is None or distance < best_distance:
                best_distance = distance
                best = (f"{candidate}={right}" if right and permits_value else candidate)
        return best

    # ------------------------------------------------------------- showing
    def option_width(self, option: CLOption) -> int:
        """LLVM's getOptionWidth: what is left of the description column."""
        prefixes = len(option.name) + 2 + (1 if len(option.name) == 1 else 2) + 3
        if option.kind == PASS_NAMES:
            widths = [prefixes + len("=<value>")] + [len(name) + 8 for name in self.pass_names()]
            return max(widths) + 2
        if option.values:
            return max([prefixes + len("=<value>")] +
                       [len(value or "<empty>") + 8 for value, _ in option.values])
        value_name = option.value_name
        return prefixes + (len(value_name) + 3 if value_name else 0)

    def option_lines(self, option: CLOption, width: int) -> list[str]:
        """LLVM's printOptionInfo: the option, then its help at `width`."""
        def help_at(head: str, used: int, text: str, prefix: str = " - ") -> str:
            return head + " " * max(width - used, 0) + prefix + text
        arg = "  " + print_arg(option.name)
        prefixes = len(option.name) + 2 + (1 if len(option.name) == 1 else 2) + 3
        if option.kind == PASS_NAMES:
            return [help_at(f"{arg}=<pass-arg>", len(option.name) + 18, option.help)]
        if option.values:
            lines = [help_at(arg, prefixes, option.help)] if any(
                not value for value, _ in option.values) else []
            lines.append(help_at(f"{arg}=<value>", prefixes + 8, option.help))
            for value, text in option.values:
                shown = value or "<empty>"
                lines.append(help_at(f"    ={shown}", len(shown) + 8, text, " -   "))
            return lines
        if option.value_name:
            if option.kind == OPTIONAL:
                head = f"{arg}[=<{option.value_name}>]"
            else:
                head = f"{arg}{' <' if len(option.name) == 1 else '=<'}{option.value_name}>"
            return [help_at(head, self.option_width(option), option.help)]
        return [help_at(arg, prefixes, option.help)]

    def pass_widths(self) -> int:
        """The widest pass with its options (PassNameParser::getOptionWidth)."""
        widths = [len(name) + 10 for name in self.passes()]
        for cls in self.passes().values():
            widths.append(max((self._pass_option_width(o) for o in cls.options.values()),
                              default=0) + 6)
        return max(widths, default=0)

    @staticmethod
    def _pass_option_width(option) -> int:
        values = getattr(option, "values", None)
        if values:          # an enumeration: its values are listed under it
            return max([len(option.name) + 15] + [len(value) + 8 for value, _ in values])
        kind = option.type_name()
        return len(option.name) + 7 + (len(kind) + 3 if kind else 0)

    def pass_lines(self, indent: int, width: int) -> list[str]:
        """Each pass with its summary, then its options sorted by name, the
        descriptions at `width` (PassRegistryEntry::printHelpStr)."""
        lines = []
        for name, cls in self.passes().items():
            lines.append(" " * indent + "--" + name.ljust(width - indent - 4) + "-   " +
                         cls.summary)
            for option_name in sorted(cls.options):
                lines += self._pass_option_lines(cls.options[option_name], indent, width - indent)
        return lines

    def _pass_option_lines(self, option, indent: int, width: int) -> list[str]:
        """A pass option as LLVM prints it at `width`; an enumeration's values
        follow it, without the pass's indent (as mlir-opt prints them)."""
        values = getattr(option, "values", None)
        kind = "value" if values else option.type_name()
        head = " " * indent + f"  --{option.name}" + (f"=<{kind}>" if kind else "")
        used = len(option.name) + 7 + (len(kind) + 3 if kind else 0)
        lines = [head + " " * max(width - used, 0) + " - " + option.help]
        for value, text in values or ():
            lines.append(f"    ={value}" + " " * max(width - len(value) - 8, 0) + " -   " + text)
        return lines

    def list_passes(self) -> str:
        """`--list-passes` (mlir::printRegisteredPasses)."""
        width = max((max((self._pass_option_width(o) for o in cls.options.values()),
                         default=0) + 6 for cls in self.passes().values()), default=0)
        return "Passes:\n" + "".join(line + "\n" for line in self.pass_lines(2, width))

    def help(self) -> str:
        """`--help`: LLVM's categorized help, the passes listed under the
        general options at the place of the first pass's name (where LLVM
        sorts the nameless option that holds them)."""
        shown = [option for option in self.options.values() if not option.hidden]
        width = max([self.option_width(option) for option in shown] + [self.pass_widths()])
        passes = list(self.passes())
        categories: dict = {}
        for option in sorted(shown, key=lambda o: o.name):
            categories.setdefault(option.category, []).append((option.name, option))
        if passes:
            categories.setdefault("General options", []).append((passes[0], None))
        lines = [f"OVERVIEW: {self.overview}",
                 f"USAGE: {self.program} [options] {self.positional_help}", "", "OPTIONS:"]
        for category in sorted(categories):
            lines += ["", f"{category}:"]
            if category in self.category_help:
                lines.append(self.category_help[category])
            lines.append("")
            for _, option in sorted(categories[category], key=lambda item: item[0]):
                if option is None:
                    lines += ["  Compiler passes to run", "    Passes:"]
                    lines += self.pass_lines(6, width)
                else:
                    lines += self.option_lines(option, width)
        return "\n".join(lines) + "\n"
