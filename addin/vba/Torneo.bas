Attribute VB_Name = "Torneo"
' The "Torneo" ribbon's callbacks: each runs one function of xlwings_torneo.addin through
' xlwings' RunPython (the xlwings add-in, installed by install_addin.py). The Python side
' shows its own message; a missing xlwings add-in is reported here, in Italian.
Option Explicit

Private Sub RunTorneo(ByVal target As String)
    Dim code As String
    code = "import xlwings_torneo.addin as torneo; torneo." & target & "()"
    On Error GoTo Missing
    Application.Run "'xlwings.xlam'!RunPython", code
    Exit Sub
Missing:
    MsgBox "Impossibile eseguire Torneo: manca il componente aggiuntivo xlwings " & _
           "oppure Python (" & Err.Description & ")." & vbCrLf & _
           "Esegui di nuovo install_addin.py e riavvia Excel.", vbCritical, "Torneo - errore"
End Sub

Public Sub Torneo_NuovoTorneo(control As Object)
    RunTorneo "nuovo_torneo"
End Sub

Public Sub Torneo_SorteggioTurno(control As Object)
    RunTorneo "sorteggio_turno"
End Sub

Public Sub Torneo_RipetiSorteggio(control As Object)
    RunTorneo "ripeti_sorteggio"
End Sub

Public Sub Torneo_Classifica(control As Object)
    RunTorneo "classifica"
End Sub

Public Sub Torneo_StampaTurno(control As Object)
    RunTorneo "stampa_turno"
End Sub

Public Sub Torneo_ReportPDF(control As Object)
    RunTorneo "report"
End Sub

Public Sub Torneo_Esporta(control As Object)
    RunTorneo "esporta"
End Sub

Public Sub Torneo_Opzioni(control As Object)
    RunTorneo "opzioni"
End Sub

Public Sub Torneo_Aiuto(control As Object)
    RunTorneo "aiuto"
End Sub
