; One frame late, as games are: player 0 moves right one colour clock a frame towards a PF0
; block. The deferred vertical blank copies P0PF (what the frame just drawn latched) to HIT,
; clears the latches with HITCLR and places the ship where the game loop last put it. The game
; loop runs once a frame after the vertical blank and decides from HIT. It records the frame
; (RTCLOK's low byte during the drawing) in which the ship is first drawn over the block (DRAWN,
; $0600) and the one in which it first learns of the hit (SEEN, $0601): SEEN is DRAWN + 1. The
; ship stops where the hit was seen, one clock into the block, as a game that reacts to the
; hardware a frame late does.
        .include "atari.inc"

DRAWN   = $0600
SEEN    = $0601
PMB     = $30               ; double-line P/M memory at $3000: player 0 at $3200
BLOCK_X = $80               ; the block's first colour clock (mode E byte 20 at normal width)

        .zeropage
shipx:  .res 1
hit:    .res 1

        .code
        .export start
start:  lda   #0
        sta   SDMCTL
        sta   DRAWN
        sta   SEEN
        ; player 0: a 4-line block at double-line rows 50-53
        ldx   #0
        txa
@clr:   sta   $3200,x
        inx
        bpl   @clr
        lda   #$80          ; one pixel wide: its left edge at HPOSP0
        sta   $3200+50
        sta   $3200+51
        sta   $3200+52
        sta   $3200+53
        lda   #<dl
        sta   SDLSTL
        lda   #>dl
        sta   SDLSTL+1
        lda   #PMB
        sta   PMBASE
        lda   #2
        sta   GRACTL
        lda   #$46
        sta   PCOLR0
        lda   #$28
        sta   COLOR0
        lda   #$70
        sta   shipx
        lda   #$2E
        sta   SDMCTL
        lda   #7
        ldy   #<vbi
        ldx   #>vbi
        jsr   SETVBV
        ; the game loop: once a frame, after the vertical blank
game:   lda   RTCLOK+2
@wait:  cmp   RTCLOK+2
        beq   @wait
        lda   hit           ; latched while the frame before this VBI was drawn
        and   #1
        beq   @miss
        lda   SEEN
        bne   game          ; seen before: stay
        lda   RTCLOK+2
        sta   SEEN
        jmp   game
@miss:  lda   SEEN
        bne   game
        inc   shipx         ; not hit yet: move on
        lda   shipx
        cmp   #BLOCK_X
        bne   game
        lda   RTCLOK+2      ; this position is drawn in the next frame
        clc
        adc   #1
        sta   DRAWN
        jmp   game

vbi:    lda   P0PF
        sta   hit
        sta   HITCLR
        lda   shipx
        sta   HPOSP0
        jmp   XITVBV

; Lines 8-99 blank, then the ship's lines 100-107 in mode E, each reading `row` (LMS on
; every line): 20 clear bytes, then $55 x 4: PF0 pixels at clocks $80-$8F.
dl:     .repeat 11
        .byte $70
        .endrepeat
        .byte $30
        .repeat 8
        .byte $4E, <row, >row
        .endrepeat
        .byte $41, <dl, >dl
row:    .res 20, 0
        .byte $55, $55, $55, $55
        .res 16, 0
