; Joystick and the hardware's answer: player 0 is a small ship moved by joystick 0 over the
; OS's text screen, which has a frame of solid blocks (playfield colour 2, COLOR2) and a block
; in the middle. Every frame the deferred vertical-blank routine reads P0PF (what the ship
; touched during the frame just drawn), shows it on the top text line as "P0PF=$0n", clears the
; latches with HITCLR and moves the ship. Collisions are read one frame late, as games read
; them. The last value read is also kept at $0600 for tools (pmglab-cli run --memory '$0600:1').
        .include "atari.inc"

PMB     = $30            ; player-missile memory at $3000 (double-line: player 0 at $3200)
PLAYER0 = $3200
SHIP_H  = 8
LASTHIT = $0600

        .zeropage
shipx:  .res 1
shipy:  .res 1
ptr:    .res 2

        .code
        .export start
start:  lda   #0
        sta   SDMCTL            ; picture off while setting up
        ; clear P/M memory $3000-$33FF
        lda   #<$3000
        sta   ptr
        lda   #>$3000
        sta   ptr+1
        ldx   #4
        ldy   #0
        tya
@clr:   sta   (ptr),y
        iny
        bne   @clr
        inc   ptr+1
        dex
        bne   @clr
        jsr   draw_walls
        lda   #100
        sta   shipx
        lda   #60
        sta   shipy
        jsr   draw_ship
        lda   #PMB
        sta   PMBASE
        lda   #3
        sta   GRACTL            ; players and missiles from DMA
        lda   #$46
        sta   PCOLR0
        lda   #$94
        sta   COLOR2            ; the text area (walls are lit pixels on it: they collide as PF2)
        lda   #1
        sta   GPRIOR            ; players in front of the playfield
        lda   #$2E              ; normal playfield, P/M DMA, double line, display list
        sta   SDMCTL
        sta   HITCLR
        ; the deferred VBI routine
        lda   #7
        ldy   #<vbi
        ldx   #>vbi
        jsr   SETVBV
loop:   jmp   loop

; Deferred vertical blank: read, show, clear, move.
vbi:    lda   P0PF
        sta   LASTHIT
        jsr   show_hit
        sta   HITCLR
        lda   STICK0
        lsr                     ; bit 0: up (0 = pressed)
        bcs   @nup
        dec   shipy
@nup:   lsr                     ; bit 1: down
        bcs   @ndn
        inc   shipy
@ndn:   lsr                     ; bit 2: left
        bcs   @nlt
        dec   shipx
@nlt:   lsr                     ; bit 3: right
        bcs   @nrt
        inc   shipx
@nrt:   jsr   draw_ship
        jmp   XITVBV

; Player 0's shape at shipy (double-line rows), HPOSP0 at shipx. The rows around the ship
; are cleared so that a move leaves no trail.
draw_ship:
        lda   shipx
        sta   HPOSP0
        ldx   shipy
        dex
        lda   #0
        sta   PLAYER0,x
        ldy   #0
@row:   inx
        lda   ship,y
        sta   PLAYER0,x
        iny
        cpy   #SHIP_H
        bne   @row
        inx
        lda   #0
        sta   PLAYER0,x
        rts

ship:   .byte $18, $3C, $7E, $FF, $FF, $7E, $24, $42

; "P0PF=$0n" on the top text line (row 0), in the screen's internal character codes.
show_hit:
        ldy   #6
@txt:   lda   label,y
        sta   (SAVMSC),y
        dey
        bpl   @txt
        lda   LASTHIT
        and   #$0F
        tax
        lda   hexdigit,x
        ldy   #7
        sta   (SAVMSC),y
        rts
label:  .byte $30, $10, $30, $26, $1D, $04, $10   ; P 0 P F = $ 0
hexdigit:
        .byte $10, $11, $12, $13, $14, $15, $16, $17, $18, $19   ; 0-9
        .byte $21, $22, $23, $24, $25, $26                       ; A-F

; The walls, as inverse spaces ($80: every pixel lit, which collides as PF2 in mode 2): rows 1
; and 22 of the 40x24 text screen, the left and right columns between them, and a 4x3 block
; in the middle. Row 0 keeps the label.
draw_walls:
        lda   SAVMSC
        sta   ptr
        lda   SAVMSC+1
        sta   ptr+1
        jsr   next_row              ; row 1
        jsr   fill_row
        ldx   #20
@side:  jsr   next_row
        ldy   #0
        lda   #$80
        sta   (ptr),y
        ldy   #39
        sta   (ptr),y
        cpx   #10
        bcs   @noblk
        cpx   #7
        bcc   @noblk
        ldy   #18
        sta   (ptr),y
        iny
        sta   (ptr),y
        iny
        sta   (ptr),y
        iny
        sta   (ptr),y
@noblk: dex
        bne   @side
        jsr   next_row
        jmp   fill_row

fill_row:
        ldy   #39
        lda   #$80
@f:     sta   (ptr),y
        dey
        bpl   @f
        rts

next_row:
        clc
        lda   ptr
        adc   #40
        sta   ptr
        bcc   @n
        inc   ptr+1
@n:     rts
