; Tunnelling: a bullet (missile 0, two clocks wide) flies right 12 colour clocks a frame at an
; enemy only 2 clocks wide (player 1, GRAFP1 = $C0 at normal width, clocks $78-$79). The
; bullet is drawn at $5A, $66, $72, $7E, $8A...: at $72-$73 it is short of the enemy, a frame
; later at $7E-$7F past it. Never over it, so GTIA never latches M0PL; a box test run once a
; frame on the same positions misses it as well. The bullet went through.
;   M0PL_SEEN ($0600): every M0PL value read, ORed (stays 0)
;   PASSED    ($0601): 1 once the bullet is right of the enemy
        .include "atari.inc"

M0PL_SEEN = $0600
PASSED    = $0601
ENEMY_X   = $78
SPEED     = 12

        .zeropage
bulletx: .res 1

        .code
        .export start
start:  lda   #0
        sta   M0PL_SEEN
        sta   PASSED
        lda   #$03              ; missile 0: two pixels of one clock (SIZEM 0)
        sta   GRAFM
        lda   #$C0              ; player 1: two pixels
        sta   GRAFP0+1
        lda   #ENEMY_X
        sta   HPOSP0+1
        lda   #$5A
        sta   bulletx
        lda   #7
        ldy   #<vbi
        ldx   #>vbi
        jsr   SETVBV
loop:   jmp   loop

; Once a frame: what the frame just drawn latched, then the next position.
vbi:    lda   M0PL
        ora   M0PL_SEEN
        sta   M0PL_SEEN
        sta   HITCLR
        lda   bulletx
        cmp   #ENEMY_X+2
        bcc   @move
        ldx   #1
        stx   PASSED
        cmp   #$C0
        bcs   @park             ; off to the right: stay there
@move:  clc
        adc   #SPEED
        sta   bulletx
@park:  lda   bulletx
        sta   HPOSM0
        jmp   XITVBV
