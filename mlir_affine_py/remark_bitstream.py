"""Remarks in LLVM's bitstream container (`--remark-format=bitstream`), byte
for byte as mlir-opt 22 writes them: llvm/lib/Remarks/
BitstreamRemarkSerializer.cpp (a RemarksFile container) through
llvm/include/llvm/Bitstream/BitstreamWriter.h.

The file: the magic `RMRK`; a BLOCKINFO block naming the blocks and records
and defining their abbreviations; a META block (container version and type,
remark version); one REMARK block per remark (header, debug location,
arguments, their strings as indices into the string table); and, when the
serializer is finalized, a second META block holding the string table (each
string once, in the order first used, NUL-terminated).  A run that reports
no remark writes nothing.
"""

from __future__ import annotations

# llvm/Bitstream/BitCodeEnums.h: the standard abbreviation IDs and the
# BLOCKINFO block's records.
END_BLOCK, ENTER_SUBBLOCK, DEFINE_ABBREV, UNABBREV_RECORD = 0, 1, 2, 3
FIRST_APPLICATION_ABBREV = 4
BLOCKINFO_BLOCK_ID = 0
SETBID, BLOCKNAME, SETRECORDNAME = 1, 2, 3
# BitCodeAbbrevOp encodings.
FIXED, VBR, BLOB = 1, 2, 5

# llvm/Remarks/BitstreamRemarkContainer.h.
MAGIC = b"RMRK"
CONTAINER_VERSION = 1
REMARKS_FILE = 1                    # BitstreamRemarkContainerType::RemarksFile
REMARK_VERSION = 0
META_BLOCK_ID, REMARK_BLOCK_ID = 8, 9
(CONTAINER_INFO, META_REMARK_VERSION, STRTAB, EXTERNAL_FILE, HEADER, DEBUG_LOC, HOTNESS,
 ARG_WITH_DEBUGLOC, ARG_WITHOUT_DEBUGLOC) = range(1, 10)
# llvm::remarks::Type.
REMARK_TYPES = {"Passed": 1, "Missed": 2, "Analysis": 3, "Failure": 6}


class BitstreamWriter:
    """LLVM's BitstreamWriter: bits packed into little-endian 32-bit words,
    blocks whose length in words is patched in when they end, and
    abbreviations (a literal, Fixed(width), VBR(width) or Blob per operand)
    defined in the BLOCKINFO block for the blocks that use them."""

    def __init__(self):
        self.out = bytearray()
        self.value = 0              # the bits of the word being filled
        self.bit = 0
        self.code_size = 2
        self.abbrevs: list = []     # the current block's, the first with ID 4
        self.scopes: list = []      # (start word, code size, abbrevs) of the blocks entered
        self.block_info: dict = {}  # block ID -> its abbreviations
        self.block_info_id: int | None = None

    # ------------------------------------------------------------ bits
    def emit(self, value: int, bits: int) -> None:
        self.value |= value << self.bit
        if self.bit + bits < 32:
            self.bit += bits
            return
        self.out += (self.value & 0xFFFFFFFF).to_bytes(4, "little")
        self.value = value >> (32 - self.bit) if self.bit else 0
        self.bit = (self.bit + bits) & 31

    def emit_vbr(self, value: int, bits: int) -> None:
        threshold = 1 << (bits - 1)
        while value >= threshold:
            self.emit((value & (threshold - 1)) | threshold, bits)
            value >>= bits - 1
        self.emit(value, bits)

    def flush_to_word(self) -> None:
        if self.bit:
            self.out += (self.value & 0xFFFFFFFF).to_bytes(4, "little")
            self.value = self.bit = 0

    # ---------------------------------------------------------- blocks
    def enter_subblock(self, block_id: int, code_size: int) -> None:
        self.emit(ENTER_SUBBLOCK, self.code_size)
        self.emit_vbr(block_id, 8)
        self.emit_vbr(code_size, 4)
        self.flush_to_word()
        self.scopes.append((len(self.out) // 4, self.code_size, self.abbrevs))
        self.out += bytes(4)        # the block's length, known when it ends
        self.code_size = code_size
        self.abbrevs = list(self.block_info.get(block_id, ()))

    def exit_block(self) -> None:
        self.emit(END_BLOCK, self.code_size)
        self.flush_to_word()
        start, self.code_size, self.abbrevs = self.scopes.pop()
        length = len(self.out) // 4 - start - 1
        self.out[4 * start:4 * start + 4] = length.to_bytes(4, "little")

    def enter_block_info_block(self) -> None:
        self.enter_subblock(BLOCKINFO_BLOCK_ID, 2)
        self.block_info_id = None
        self.block_info = {}

    # --------------------------------------------------------- records
    def emit_record(self, code: int, values) -> None:
        """An unabbreviated record: every value a VBR6."""
        values = list(values)
        self.emit(UNABBREV_RECORD, self.code_size)
        self.emit_vbr(code, 6)
        self.emit_vbr(len(values), 6)
        for value in values:
            self.emit_vbr(value, 6)

    def emit_block_info_abbrev(self, block_id: int, abbrev: tuple) -> int:
        """Define `abbrev` for the blocks `block_id` (a SETBID record first
        when the BLOCKINFO block speaks of another block); its ID."""
        if self.block_info_id != block_id:
            self.emit_record(SETBID, [block_id])
            self.block_info_id = block_id
        self.emit(DEFINE_ABBREV, self.code_size)
        self.emit_vbr(len(abbrev), 5)
        for operand in abbrev:
            if isinstance(operand, int):        # a literal
                self.emit(1, 1)
                self.emit_vbr(operand, 8)
                continue
            self.emit(0, 1)
            self.emit(operand[0], 3)
            if operand[0] in (FIXED, VBR):
                self.emit_vbr(operand[1], 5)
        abbrevs = self.block_info.setdefault(block_id, [])
        abbrevs.append(abbrev)
        return len(abbrevs) - 1 + FIRST_APPLICATION_ABBREV

    def emit_record_with_abbrev(self, abbrev_id: int, values, blob: bytes = b"") -> None:
        """A record through its abbreviation: `values` starts with the code
        (the abbreviation's literal); a Blob operand takes `blob`."""
        self.emit(abbrev_id, self.code_size)
        values = iter(values)
        for operand in self.abbrevs[abbrev_id - FIRST_APPLICATION_ABBREV]:
            if isinstance(operand, int):
                next(values)
            elif operand[0] == BLOB:
                self.emit_vbr(len(blob), 6)
                self.flush_to_word()
                self.out += blob
                self.out += bytes(-len(self.out) % 4)
            elif operand[0] == FIXED:
                self.emit(next(values), operand[1])
            else:
                self.emit_vbr(next(values), operand[1])


class BitstreamRemarkWriter:
    """The remark streamer of `--remark-format=bitstream`: called with each
    remark; `close()` ends the container (the string table) and the file."""

    def __init__(self, handle):
        self.handle = handle
        self.writer: BitstreamWriter | None = None
        self.strings: dict = {}     # string -> its index in the string table

    def __call__(self, remark) -> None:
        if self.writer is None:
            self.writer = self._set_up()
        kind, category, name, (file, line, column), function, args = remark.record()
        w = self.writer
        w.enter_subblock(REMARK_BLOCK_ID, 4)
        w.emit_record_with_abbrev(self.header, [HEADER, REMARK_TYPES[kind], self._index(name),
                                                self._index(category), self._index(function)])
        w.emit_record_with_abbrev(self.debug_loc, [DEBUG_LOC, self._index(file), line, column])
        for key, value in args:
            w.emit_record_with_abbrev(self.argument, [ARG_WITHOUT_DEBUGLOC, self._index(key),
                                                      self._index(value)])
        w.exit_block()

    def close(self) -> None:
        if self.writer is not None:
            w = self.writer
            w.enter_subblock(META_BLOCK_ID, 3)
            table = b"".join(s.encode("utf-8", "surrogateescape") + b"\0" for s in self.strings)
            w.emit_record_with_abbrev(self.strtab, [STRTAB], table)
            w.exit_block()
            self.handle.write(bytes(w.out))
            self.writer = None
        self.handle.close()

    def _index(self, text: str) -> int:
        return self.strings.setdefault(text, len(self.strings))

    def _set_up(self) -> BitstreamWriter:
        """setupBlockInfo and emitMetaBlock of a RemarksFile container."""
        w = BitstreamWriter()
        for byte in MAGIC:
            w.emit(byte, 8)
        w.enter_block_info_block()
        self._name_block(w, META_BLOCK_ID, "Meta")
        self._name_record(w, CONTAINER_INFO, "Container info")
        container = w.emit_block_info_abbrev(META_BLOCK_ID, (CONTAINER_INFO, (FIXED, 32),
                                                             (FIXED, 2)))
        self._name_record(w, META_REMARK_VERSION, "Remark version")
        version = w.emit_block_info_abbrev(META_BLOCK_ID, (META_REMARK_VERSION, (FIXED, 32)))
        self._name_record(w, STRTAB, "String table")
        self.strtab = w.emit_block_info_abbrev(META_BLOCK_ID, (STRTAB, (BLOB,)))
        self._name_block(w, REMARK_BLOCK_ID, "Remark")
        self._name_record(w, HEADER, "Remark header")
        self.header = w.emit_block_info_abbrev(REMARK_BLOCK_ID, (
            HEADER, (FIXED, 3), (VBR, 6), (VBR, 6), (VBR, 8)))
        self._name_record(w, DEBUG_LOC, "Remark debug location")
        self.debug_loc = w.emit_block_info_abbrev(REMARK_BLOCK_ID, (
            DEBUG_LOC, (VBR, 7), (FIXED, 32), (FIXED, 32)))
        self._name_record(w, HOTNESS, "Remark hotness")
        w.emit_block_info_abbrev(REMARK_BLOCK_ID, (HOTNESS, (VBR, 8)))
        self._name_record(w, ARG_WITH_DEBUGLOC, "Argument with debug location")
        w.emit_block_info_abbrev(REMARK_BLOCK_ID, (
            ARG_WITH_DEBUGLOC, (VBR, 7), (VBR, 7), (VBR, 7), (FIXED, 32), (FIXED, 32)))
        self._name_record(w, ARG_WITHOUT_DEBUGLOC, "Argument")
        self.argument = w.emit_block_info_abbrev(REMARK_BLOCK_ID, (
            ARG_WITHOUT_DEBUGLOC, (VBR, 7), (VBR, 7)))
        w.exit_block()
        w.enter_subblock(META_BLOCK_ID, 3)
        w.emit_record_with_abbrev(container, [CONTAINER_INFO, CONTAINER_VERSION, REMARKS_FILE])
        w.emit_record_with_abbrev(version, [META_REMARK_VERSION, REMARK_VERSION])
        w.exit_block()
        return w

    @staticmethod
    def _name_block(w: BitstreamWriter, block_id: int, name: str) -> None:
        """initBlock: SETBID and BLOCKNAME records (the writer's own idea of
        the current block is left as it was)."""
        w.emit_record(SETBID, [block_id])
        w.emit_record(BLOCKNAME, name.encode())

    @staticmethod
    def _name_record(w: BitstreamWriter, code: int, name: str) -> None:
        w.emit_record(SETRECORDNAME, [code, *name.encode()])
