; A read of a collision register catches the picture up with the beam. Scan line 82 is a
; scrolled hi-res line (mode F, every pixel lit) begun with HSCROL 4; the kernel stores HSCROL 0
; on its cycle 10, which moves the line's start two cycles behind the beam, and HSCROL 2 on
; cycle 59, which keeps HSCROL's bit 0 and turns the line's fetches off. Such a write does not
; catch the picture up, so the line shows only what the picture had caught up to before it: with
; nothing else, GTIA's line start (clock 32), and the whole line is dark. Between the two stores
; the kernel reads a register on cycle 35: in odd frames P0PF, a collision register, which
; catches the picture up to clock 72, so the line is lit at clocks $30-$47 and player 0 (8
; clocks from $40, on line 82 alone) collides with it (PF2: hi-res pixels); in even frames
; CONSOL, which does not, and nothing collides. The frame's P0PF is kept at CAUGHT ($0600, after
; a P0PF frame: $04) and NOTCAUGHT ($0601, after a CONSOL frame: $00). NMIs stay off: the
; program sets ANTIC's display list and DMACTL itself. The kernel's cycles are those of the
; worked example with a program in docs/hardware.md, A1, a line later (two WSYNCs make the start
; the same in every frame).
        .include "atari.inc"

CAUGHT    = $0600
NOTCAUGHT = $0601
SCREEN    = $4000

        .zeropage
which:  .res 1                  ; 0: read P0PF this frame, $1B: CONSOL (P0PF + $1B)

        .code
        .export start
start:  lda   #0
        sta   NMIEN
        sta   which
        sta   CAUGHT
        lda   #$FF
        sta   NOTCAUGHT
        ldx   #0                ; SCREEN-SCREEN+$FFF: every pixel lit
@fill:  .repeat 16, i
        sta   SCREEN + i * 256, x
        .endrepeat
        inx
        bne   @fill
        lda   #$40              ; player 0 at clock $40, straight from GRAFP0
        sta   HPOSP0
        lda   #$46
        sta   COLPM0
        lda   #$0E
        sta   COLPF1
        lda   #$84
        sta   COLPF2

frame:  lda   VCOUNT            ; the vertical blank (line 248)
        cmp   #124
        bne   frame
        lda   #<dlist
        sta   DLISTL
        lda   #>dlist
        sta   DLISTH
        lda   #$22              ; normal width, display-list DMA, no P/M DMA
        sta   DMACTL
        lda   #4
        sta   HSCROL
        sta   HITCLR
        lda   which
        eor   #$1B
        sta   which
        tax
@w80:   lda   VCOUNT            ; lines 80-81
        cmp   #40
        bne   @w80
        sta   WSYNC             ; the CPU runs again on cycle 105 of line 80
        sta   WSYNC             ; written on 107 or 108, too late: 105 of line 81
        lda   #$FF              ; (opcode on 108 or 109 of line 80, operand on 105 of line 81)
        sta   GRAFP0            ; 106-109: player 0 from line 82 (line 81's $40 is past)
        lda   #0
        nop
        nop
        nop
        nop
        sta   HSCROL            ; written on cycle 10 of line 82: the start passed by two
        nop
        nop
        nop
        lda   P0PF,x            ; read on cycle 35: P0PF, or CONSOL
        lda   #2
        sta   HSCROL            ; written on cycle 59: bit 0 kept, the fetches off
        lda   #0
        sta   GRAFP0            ; player 0 on line 82 alone
@w200:  lda   VCOUNT            ; the picture is done at line 200
        cmp   #100
        bne   @w200
        lda   P0PF
        cpx   #0
        bne   @consol
        sta   CAUGHT
        jmp   frame
@consol:
        sta   NOTCAUGHT
        jmp   frame

; 24 blank lines, then mode F with horizontal scrolling from line 32, each line its own mode
; line, to line 131; back to the top.
dlist:  .byte $70, $70, $70
        .byte $5F, <SCREEN, >SCREEN
        .repeat 99
        .byte $1F
        .endrepeat
        .byte $41, <dlist, >dlist
