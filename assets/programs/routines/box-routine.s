; The collision routine of assets/programs/box-routine.json, as source (assemble with
; `ca65 box-routine.s && ld65 -t none -o box-routine.bin box-routine.o`): a box test on the
; designer's boxes kept as 8-bit X, Y, width and height in zero page. Carry set = they
; collide. PMG Lab calls it with JSR for every pair of objects and compares its answers, with
; its cycle count, beside the hardware's latches (pmglab-cli compare ... --method routine:exact-box).
; The sums are kept to 8 bits, as the routine keeps them: near the right edge they wrap.
X1 = $80
Y1 = $81
W1 = $82
H1 = $83
X2 = $84
Y2 = $85
W2 = $86
H2 = $87
        .org $0600
box:    lda X2          ; X2 + W2 > X1 ?
        clc
        adc W2
        cmp X1
        beq miss
        bcc miss
        lda X1          ; X1 + W1 > X2 ?
        clc
        adc W1
        cmp X2
        beq miss
        bcc miss
        lda Y2          ; Y2 + H2 > Y1 ?
        clc
        adc H2
        cmp Y1
        beq miss
        bcc miss
        lda Y1          ; Y1 + H1 > Y2 ?
        clc
        adc H1
        cmp Y2
        beq miss
        bcc miss
        sec
        rts
miss:   clc
        rts
